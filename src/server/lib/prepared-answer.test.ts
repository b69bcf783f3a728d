import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedForm, preferredEncoding, prepareAnswer, type PreparedAnswer } from './prepared-answer.ts';
import { createReadCache } from './read-cache.ts';

describe('a prepared answer', () => {
  it('holds the JSON bytes and, from 1 KiB, makes Brotli and gzip forms of them when first asked', () => {
    const json = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ name: `Hoe ${i} – ধান`, i })));
    const answer = prepareAnswer(json, '</api/products?offset=40>; rel="next"');
    expect(answer.body.toString()).toBe(json);
    expect(answer.link).toBe('</api/products?offset=40>; rel="next"');
    expect(answer.compressible).toBe(true);
    // Nothing is compressed before a client asks.
    expect(answer.br).toBeUndefined();
    expect(answer.gzip).toBeUndefined();
    const br = compressedForm(answer, 'br');
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(br.length).toBeLessThan(answer.body.length);
    expect(answer.gzip).toBeUndefined();
    expect(gunzipSync(compressedForm(answer, 'gzip')).toString()).toBe(json);
  });

  it.each(['br', 'gzip'] as const)(
    'makes its %s form quickly for the first client and at full strength for the next, then keeps it',
    (encoding) => {
      // A product page's worth of text, varied enough that the two strengths differ.
      const json = JSON.stringify(
        Array.from({ length: 120 }, (_, i) => ({ name: `Sprayer ${i * 7919}`, size: `${(i * 37) % 23} L` })),
      );
      const decode = (form: Buffer) => (encoding === 'br' ? brotliDecompressSync(form) : gunzipSync(form));
      const answer = prepareAnswer(json);
      const quick = compressedForm(answer, encoding);
      const full = compressedForm(answer, encoding);
      expect(decode(quick).toString()).toBe(json);
      expect(decode(full).toString()).toBe(json);
      expect(full.length).toBeLessThan(quick.length);
      // Made twice at most: every later client gets the same bytes.
      expect(compressedForm(answer, encoding)).toBe(full);
      expect(compressedForm(answer, encoding)).toBe(full);
    },
  );

  it('keeps a small answer uncompressed', () => {
    expect(prepareAnswer('{"_id":"x"}').compressible).toBe(false);
  });

  it('counts a form made after it was cached, and made again, against the cache that holds it', async () => {
    const cache = createReadCache<PreparedAnswer>({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
    const json = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ name: `Sprayer ${i}`, i })));
    const answer = await cache.get('products:en:200:0', async () => prepareAnswer(json));
    const before = cache.stats().bytes;
    const quick = compressedForm(answer, 'gzip');
    expect(cache.stats().bytes).toBe(before + quick.length);
    const full = compressedForm(answer, 'gzip');
    expect(full).not.toBe(quick);
    expect(cache.stats().bytes).toBe(before + full.length);
    compressedForm(answer, 'gzip');
    expect(cache.stats().bytes).toBe(before + full.length);
    cache.close();
  });
});

describe('the preferred encoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['br;q=0, *;q=0.5', 'gzip'],
    ['deflate', undefined],
  ])('for Accept-Encoding %j is %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
