// A quiet shop on PostgreSQL: visitors who come one at a time, BENCH_IDLE_SECONDS apart (default
// 15: longer than pg's 10 s idle timeout and the read cache's 5 s), each searching the catalogue
// of BENCH_PRODUCTS generated products (default 100,000) twice: "after the pause" is the first
// search of a visit, "right after" the next, at once; both read from the database (every search
// was asked once before, so its words are known). The shop runs in its own process; this process
// sends one request at a time. Prints each visit, the medians, and the connections the shop holds
// to PostgreSQL at the end (docs/decisions/036).
// Run: npm run build && flock /tmp/agritools-heavy.lock npx tsx bench/idle-visitor.bench.ts
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { kinds, seedCatalogue } from './catalogue-data.ts';
import { median, printTable, startShop } from './lib.ts';
import { recreateDatabase } from './pg.ts';

const VISITS = Number(process.env.BENCH_VISITS ?? 6);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

const databaseUrl = await recreateDatabase(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agritools_perf',
);
const seeding = await openDatabase({ kind: 'postgres', url: databaseUrl });
await seeding.migrate();
await seedCatalogue(seeding.db, PRODUCTS);
await seeding.close();

const shop = await startShop({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false' }, 3316);
try {
  const searches = kinds.map(
    (kind) => `/api/products?q=${encodeURIComponent(kind.toLowerCase())}&sort=price-asc`,
  );
  const searchMs = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${shop.url}${path}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
  // Every search asked once, so that the visits measure the connections, not words learnt.
  for (const path of searches) await searchMs(path);

  const rows: Array<Record<string, string | number>> = [];
  for (let visit = 0; visit < VISITS; visit += 1) {
    await sleep(IDLE_SECONDS * 1000);
    const afterPause = await searchMs(searches[(2 * visit) % searches.length]!);
    const rightAfter = await searchMs(searches[(2 * visit + 1) % searches.length]!);
    rows.push({
      visit: visit + 1,
      'after the pause ms': afterPause.toFixed(1),
      'right after ms': rightAfter.toFixed(1),
    });
  }
  rows.push({
    visit: 'median',
    'after the pause ms': median(rows.map((row) => Number(row['after the pause ms']))).toFixed(1),
    'right after ms': median(rows.map((row) => Number(row['right after ms']))).toFixed(1),
  });
  printTable(
    `A search after ${IDLE_SECONDS} s of quiet, PostgreSQL at ${PRODUCTS.toLocaleString('en-US')} products, one visitor at a time`,
    rows,
  );

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: held } = await client.query<{ count: string }>(
    `select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  await client.end();
  console.log(`Connections the shop holds to PostgreSQL after the last visit: ${held[0]!.count}`);
} finally {
  await shop.stop();
}
