// What a change of stock costs the catalogue read cache (docs/decisions/008): the cache filled to
// its default bound (16 MiB) with answers of the size of a page of search results (a 3.6 KB body
// listing 12 products, as the catalogue bench's searches answer), then one change of one
// product's stock at a time, which looks at every answer held. The median of the changes, in µs,
// and how many answers fit the bound with their lists of products and without.
// Run: npx tsx bench/read-cache.bench.ts (BENCH_CALLS changes, default 2,000)
import { randomUUID } from 'node:crypto';
import { createReadCache, showing } from '../src/server/lib/read-cache.ts';
import { median, printTable } from './lib.ts';

const CALLS = Math.max(10, Number(process.env.BENCH_CALLS ?? 2_000));
const BOUND = 16 * 1024 * 1024;
const body = 'x'.repeat(3_600);

const rows = [];
for (const products of [0, 12]) {
  const cache = createReadCache({ maxBytes: BOUND, maxAgeMs: 600_000 });
  for (let i = 0; cache.stats().bytes < BOUND * 0.99 && i < 100_000; i += 1) {
    const ids = Array.from({ length: products }, () => randomUUID());
    await cache.get(`search:${i}`, async () => ({ body, shows: showing(ids, false) }));
  }
  const held = cache.stats().entries;
  const micros: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const startedAt = performance.now();
    cache.stockChanged({ products: [randomUUID()], availability: false });
    micros.push((performance.now() - startedAt) * 1_000);
  }
  rows.push({
    'products per answer': products,
    'answers held': held,
    'answers left after the changes': cache.stats().entries,
    'µs per change (median)': Math.round(median(micros)),
  });
  cache.close();
}
printTable(`A change of one product's stock, the cache at its ${BOUND / 1024 / 1024} MiB bound`, rows);
