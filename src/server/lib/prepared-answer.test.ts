import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredEncoding, prepareJson } from './prepared-answer.ts';

describe('a prepared answer', () => {
  it('holds the JSON bytes and, from 1 KiB, Brotli and gzip forms of the same bytes', () => {
    const json = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ name: `Hoe ${i} – ধান`, i })));
    const answer = prepareJson(json, '</api/products?offset=40>; rel="next"');
    expect(answer.body.toString()).toBe(json);
    expect(brotliDecompressSync(answer.br!).toString()).toBe(json);
    expect(gunzipSync(answer.gzip!).toString()).toBe(json);
    expect(answer.br!.length).toBeLessThan(answer.body.length);
    expect(answer.link).toBe('</api/products?offset=40>; rel="next"');
  });

  it('keeps a small answer uncompressed', () => {
    const answer = prepareJson('{"_id":"x"}');
    expect(answer.br).toBeUndefined();
    expect(answer.gzip).toBeUndefined();
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
