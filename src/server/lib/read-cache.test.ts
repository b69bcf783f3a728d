import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SHOWS_NO_STOCK,
  answerGrew,
  createReadCache,
  showing,
  type CachedAnswer,
  type ReadCache,
} from './read-cache.ts';

let cache: ReadCache | undefined;
afterEach(() => {
  cache?.close();
  vi.useRealTimers();
});

const answer = (size: number) => async () => ({ body: 'x'.repeat(size) });

describe('the catalogue read cache', () => {
  it('shows a fresh answer to a peek, and produces and stores nothing for one', async () => {
    vi.useFakeTimers();
    cache = createReadCache({ maxBytes: 100_000, maxAgeMs: 1_000 });
    expect(cache.peek('together:1')).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
    const stored = await cache.get('together:1', answer(10));
    expect(cache.peek('together:1')).toBe(stored);
    vi.advanceTimersByTime(1_000);
    expect(cache.peek('together:1')).toBeUndefined();
  });

  it('never holds more bytes than its bound, whatever keys it is asked for', async () => {
    cache = createReadCache({ maxBytes: 100_000, maxAgeMs: 60_000 });
    for (let i = 0; i < 2_000; i += 1) {
      await cache.get(`products:${1 + (i % 1000)}:${i}`, answer(1_000 + (i % 7) * 1_000));
      expect(cache.stats().bytes).toBeLessThanOrEqual(100_000);
    }
    expect(cache.stats().entries).toBeGreaterThan(10);
  });

  it('counts what an answer gains once stored, and makes room for it', async () => {
    cache = createReadCache({ maxBytes: 100_000, maxAgeMs: 60_000 });
    const first = await cache.get('products:1', answer(20_000));
    for (let i = 2; i <= 4; i += 1) await cache.get(`products:${i}`, answer(20_000));
    const held = cache.stats();
    expect(held.entries).toBe(4);
    answerGrew(first, 4_000);
    expect(cache.stats()).toEqual({ entries: 4, bytes: held.bytes + 4_000 });
    // Growing past the bound drops the oldest others, never the answer that grew.
    const last = await cache.get('products:5', answer(10_000));
    expect(cache.stats().entries).toBe(5);
    answerGrew(last, 5_000);
    expect(cache.stats().bytes).toBeLessThanOrEqual(100_000);
    expect(cache.stats().entries).toBe(4);
    const produce = vi.fn(answer(1));
    expect(await cache.get('products:5', produce)).toBe(last);
    await cache.get('products:1', produce);
    expect(produce).toHaveBeenCalledTimes(1);
    // Grown past a quarter of the bound, an answer is no longer kept.
    answerGrew(last, 10_000);
    expect(cache.stats().entries).toBe(4);
    expect(await cache.get('products:5', produce)).not.toBe(last);
    // An answer the cache no longer holds changes nothing.
    const bytes = cache.stats().bytes;
    answerGrew(last, 1_000);
    expect(cache.stats().bytes).toBe(bytes);
  });

  it('keeps serving from the cache what it holds', async () => {
    cache = createReadCache({ maxBytes: 100_000, maxAgeMs: 60_000 });
    const produce = vi.fn(answer(10));
    await cache.get('product:1', produce);
    await cache.get('product:1', produce);
    expect(produce).toHaveBeenCalledTimes(1);
  });

  it('does not keep an answer bigger than a quarter of its bound', async () => {
    cache = createReadCache({ maxBytes: 10_000, maxAgeMs: 60_000 });
    expect((await cache.get('products:1000:0', answer(5_000))).body).toHaveLength(5_000);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops expired entries by itself, so memory goes back down', async () => {
    vi.useFakeTimers();
    cache = createReadCache({ maxBytes: 1_000_000, maxAgeMs: 5_000 });
    for (let i = 0; i < 50; i += 1) await cache.get(`products:100:${i}`, answer(1_000));
    expect(cache.stats().entries).toBe(50);
    await vi.advanceTimersByTimeAsync(11_000);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops everything on invalidate', async () => {
    cache = createReadCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
    await cache.get('product:1', answer(100));
    cache.invalidate();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops the caches that depend on it with it, and only those', async () => {
    const words = createReadCache({ maxBytes: 1_000_000, maxAgeMs: 600_000 });
    const unrelated = createReadCache({ maxBytes: 1_000_000, maxAgeMs: 600_000 });
    cache = createReadCache({ maxBytes: 1_000_000, maxAgeMs: 60_000, dropsWithIt: [words] });
    try {
      await cache.get('product:1', answer(100));
      await words.get('word:sprayer', answer(50));
      await unrelated.get('word:sprayer', answer(50));
      // Dropping a dependent leaves the cache it depends on as it was.
      words.invalidate();
      expect(cache.stats().entries).toBe(1);
      await words.get('word:sprayer', answer(50));
      cache.invalidate();
      expect(words.stats()).toEqual({ entries: 0, bytes: 0 });
      expect(unrelated.stats().entries).toBe(1);
      const produce = vi.fn(answer(50));
      await words.get('word:sprayer', produce);
      expect(produce).toHaveBeenCalledTimes(1);
    } finally {
      words.close();
      unrelated.close();
    }
  });

  describe('on a change of stock', () => {
    /** An answer listing `products` (`byAvailability`: an in-stock search). */
    const listing =
      (products: string[], byAvailability = false) =>
      async (): Promise<CachedAnswer> => ({
        body: products.join(','),
        shows: showing(products, byAvailability),
      });
    const held = () =>
      ['product:a', 'search:a-b', 'search:c', 'in-stock:c', 'categories', 'old'].filter((key) =>
        cache!.peek(key),
      );

    async function fill() {
      await cache!.get('product:a', listing(['a']));
      await cache!.get('search:a-b', listing(['a', 'b']));
      await cache!.get('search:c', listing(['c']));
      await cache!.get('in-stock:c', listing(['c'], true));
      await cache!.get('categories', async () => ({ body: 'hand tools', shows: SHOWS_NO_STOCK }));
      // An answer that does not say what it shows may show any product's stock.
      await cache!.get('old', answer(10));
    }

    it('drops the answers that list a changed product, and the in-stock ones when one ran out', async () => {
      cache = createReadCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
      await fill();
      cache.stockChanged({ products: ['a'], availability: false });
      expect(held()).toEqual(['search:c', 'in-stock:c', 'categories']);
      await fill();
      cache.stockChanged({ products: ['b'], availability: true });
      expect(held()).toEqual(['product:a', 'search:c', 'categories']);
      await fill();
      cache.stockChanged({ products: ['c', 'd'], availability: false });
      expect(held()).toEqual(['product:a', 'search:a-b', 'categories']);
      // The sizes of what was dropped are no longer counted.
      cache.invalidate();
      expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
    });

    it('keeps an answer read across the change only if the change cannot have touched it', async () => {
      cache = createReadCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
      const reading = (products: string[]) => {
        let finish!: () => void;
        const done = new Promise<void>((resolve) => (finish = resolve));
        return {
          finish,
          produce: async (): Promise<CachedAnswer> => {
            await done;
            return { body: products.join(','), shows: showing(products, false) };
          },
        };
      };
      const ofA = reading(['a']);
      const ofC = reading(['c']);
      const servedA = cache.get('product:a', ofA.produce);
      const servedC = cache.get('search:c', ofC.produce);
      cache.stockChanged({ products: ['a'], availability: false });
      // A request after the change does not share the read that began before it.
      const produceAgain = vi.fn(listing(['a']));
      const afterChange = cache.get('product:a', produceAgain);
      ofA.finish();
      ofC.finish();
      expect((await servedA).body).toBe('a');
      expect((await servedC).body).toBe('c');
      await afterChange;
      expect(produceAgain).toHaveBeenCalledTimes(1);
      // The read of c is kept; the one of a begun before the change is not (the one after is).
      expect(held()).toEqual(['product:a', 'search:c']);
      expect(cache.peek('product:a')).toBe(await afterChange);
    });
  });
});
