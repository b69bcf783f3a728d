// Catalogue search at 100,000 products (docs/decisions/020): every query shape of the products
// page, run through the search service with the read cache turned off, so each call is a real
// database search. Prints per-shape latency (one caller at a time) for the engine chosen, on the
// catalogue as seeded and again after BENCH_STOCK_CHANGES (default 3,000) stock changes, each
// one unit taken from a random product by a statement of its own, as orders take it:
//   npx tsx bench/search.bench.ts pglite
//   npx tsx bench/search.bench.ts postgres   (BENCH_DATABASE_URL's server; a scratch database)
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rowsOf, type DatabaseHandle } from '../src/server/db/client.ts';
import { createCursors } from '../src/server/lib/cursor.ts';
import { createReadCache } from '../src/server/lib/read-cache.ts';
import type { PreparedAnswer } from '../src/server/lib/prepared-answer.ts';
import {
  NEWEST_WORDS_CACHE_BYTES,
  productSearchAnswer,
  type Catalogue,
} from '../src/server/modules/products/products.service.ts';
import type { ProductQuery } from '../src/shared/schemas/product.schema.ts';
import { seedCatalogue } from './catalogue-data.ts';

const engine = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const STOCK_CHANGES = Number(process.env.BENCH_STOCK_CHANGES ?? 3_000);

const shapes: [string, ProductQuery][] = [
  ['word (sprayer)', { q: 'sprayer' }],
  ['two words, typo (knapsak sprayer)', { q: 'knapsak sprayer' }],
  ['size and word (16 l sprayer)', { q: '16 l sprayer' }],
  ['description word (nozzle)', { q: 'nozzle' }],
  ['model number (AT-12345)', { q: 'AT-12345' }],
  ['no match (tractor)', { q: 'tractor' }],
  ['words common alone, rarer together (heavy duty weeder)', { q: 'heavy duty weeder' }],
  ['three words, never together (cutter galvanised 16 l)', { q: 'cutter galvanised 16 l' }],
  ['words + category', { q: 'hoe', category: 'hand-tools' }],
  ['words + price sort', { q: 'pruning shears', sort: 'price-asc' }],
  ['words + stock + price range', { q: 'galvanised pump', inStock: true, minPrice: 1, maxPrice: 2000 }],
  ['category page (newest)', { category: 'spraying' }],
  ['category, price high to low', { category: 'storage', sort: 'price-desc' }],
  ['in stock by rating', { sort: 'rating', inStock: true }],
];

async function open(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    return { handle, drop: async () => undefined };
  }
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `agritools_search_bench_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return { handle, drop: () => run(`drop database if exists ${name} with (force)`) };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

const { handle, drop } = await open();
try {
  await handle.migrate();
  let started = performance.now();
  await seedCatalogue(handle.db, PRODUCTS);
  console.log(
    `${engine}: ${PRODUCTS.toLocaleString('en-US')} products seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // maxBytes 0: nothing is kept, every call searches.
  const catalogue: Catalogue = {
    db: handle.db,
    cache: createReadCache<PreparedAnswer>({ maxBytes: 0, maxAgeMs: 1 }),
    words: createReadCache({ maxBytes: 0, maxAgeMs: 1 }),
    // As the shop keeps them: the newest products stay the same until a product is added.
    newest: createReadCache({ maxBytes: NEWEST_WORDS_CACHE_BYTES, maxAgeMs: 3_600_000 }),
    cursors: createCursors('bench'),
  };
  await printShapes(catalogue, 'as seeded');
  if (STOCK_CHANGES > 0) {
    const ids = rowsOf<{ id: string }>(
      await handle.db.execute(sql`select id from products order by random() limit 5000`),
    ).map((row) => row.id);
    started = performance.now();
    for (let change = 0; change < STOCK_CHANGES; change += 1)
      await handle.db.execute(
        sql`update products set stock = greatest(stock - 1, 0) where id = ${ids[change % ids.length]!}::uuid`,
      );
    const each = (performance.now() - started) / STOCK_CHANGES;
    await printShapes(
      catalogue,
      `after ${STOCK_CHANGES.toLocaleString('en-US')} stock changes (${each.toFixed(2)} ms each)`,
    );
  }
} finally {
  await handle.close();
  await drop();
}

/** The table of every shape's latency, under `title`. */
async function printShapes(catalogue: Catalogue, title: string): Promise<void> {
  console.log(`\n${engine}, ${title}:\n`);
  console.log('| query | rows | p50 ms | p95 ms | max ms | next page p50 ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  let started: number;
  let all = 0;
  for (const [label, query] of shapes) {
    const times: number[] = [];
    const nextTimes: number[] = [];
    let rows = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      started = performance.now();
      const answer = await productSearchAnswer(catalogue, query, '/api/products');
      times.push(performance.now() - started);
      rows = (JSON.parse(answer.body.toString()) as unknown[]).length;
      const cursor =
        answer.link &&
        new URL(answer.link.slice(1, answer.link.indexOf('>')), 'http://x').searchParams.get('cursor');
      if (cursor) {
        started = performance.now();
        await productSearchAnswer(catalogue, { ...query, cursor }, '/api/products');
        nextTimes.push(performance.now() - started);
      }
    }
    all += times.reduce((sum, time) => sum + time, 0) + nextTimes.reduce((sum, time) => sum + time, 0);
    times.sort((a, b) => a - b);
    nextTimes.sort((a, b) => a - b);
    const next = nextTimes.length ? percentile(nextTimes, 0.5).toFixed(1) : '–';
    console.log(
      `| ${label} | ${rows} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} | ${next} |`,
    );
  }
  console.log(`\nEvery call above, first pages and next: ${all.toFixed(0)} ms in all.`);
}
