// The catalogue under load at 100,000 products: the built shop in its own process, autocannon
// at 20 connections in this one. What a dealer's phone calls, in four rows (five on PostgreSQL):
//   search        GET /api/products?q=…  a pool of 3,000 different searches (typos, sizes,
//                 model numbers), walked in turn: a call misses the read cache unless the
//                 pool comes round within the cache's 5 s, which a fast machine makes it do;
//   search, each address once  the same searches in each of the five sorts and both
//                 languages, of all products and of those in stock (60,000 addresses),
//                 none asked twice in a run: every call searches the database, as a stream
//                 of dealers' new searches would;
//   category page GET /api/products?category=…&sort=…  six categories x four sorts, first pages
//                 (the read cache answers most: that is how the page is served);
//   product page  GET /product/{id}  the server-drawn HTML of 5,000 different products;
//   search, each address once, stock changing  (PostgreSQL only) the searches of the second row,
//                 going on from where it stopped, while stock is taken from a random product
//                 STOCK_CHANGES_PER_SECOND times a second by a statement of this process, as
//                 orders taken by other servers would: each change tells the shop which product
//                 changed, and it drops the cached answers that list it;
//   search, stock changing  (PostgreSQL only) the first row's searches while stock changes the
//                 same way: how many of the answers the read cache holds a change of stock leaves.
// On PostgreSQL it also prints the database server's CPU per request (every postgres process on
// this machine), which other work on the machine disturbs less than the latencies.
// Goals: search p99 < 50 ms (PostgreSQL) and < 100 ms (PGlite); category page p99 < 30 ms;
// product page HTML p99 < 50 ms.
// Beside the p50 and p99 of the whole run, those of the requests sent once every connection had
// been answered, and how long that took (bench/lib.ts load).
// Run: npm run build && npx tsx bench/catalogue-load.bench.ts postgres|pglite
//   (BENCH_DATABASE_URL names the scratch PostgreSQL database, default
//   postgres://postgres@127.0.0.1:5432/agritools_catalogue_load; BENCH_SECONDS per route;
//   BENCH_ACCEPT_ENCODING the Accept-Encoding sent, by default a phone's browser's over https,
//   'gzip, deflate, br'; 'none' sends none, as most programs, and every answer comes plain;
//   BENCH_ROWS=1,4 measures only those rows, counted from 0 as printed.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client.ts';
import { benchCategories, kinds, materials, seedCatalogue, sizes } from './catalogue-data.ts';
import { load, onceConnectedColumns, printTable, startShop, type LoadResult } from './lib.ts';
import { recreateDatabase } from './pg.ts';

const engine = process.argv[2] === 'pglite' ? 'pglite' : 'postgres';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3315);
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const headers = ACCEPT_ENCODING === 'none' ? undefined : { 'accept-encoding': ACCEPT_ENCODING };
const STOCK_CHANGES_PER_SECOND = 10;
const GOALS = {
  search: engine === 'postgres' ? 50 : 100,
  'search, each address once': engine === 'postgres' ? 50 : 100,
  'search, each address once, stock changing': 50,
  'search, stock changing': 50,
  'category page': 30,
  'product page': 50,
} as const;

/** A misspelling a thumb makes: one letter dropped from a longer word. */
const typo = (word: string, n: number) =>
  word.length > 5
    ? word.slice(0, 2 + (n % (word.length - 3))) + word.slice(3 + (n % (word.length - 3)))
    : word;

function searches(): string[] {
  const pool = new Set<string>();
  for (let n = 0; pool.size < 3_000; n += 1) {
    const kind = kinds[n % kinds.length]!.toLowerCase();
    const material = materials[(n * 7) % materials.length]!.toLowerCase();
    const size = sizes[(n * 3) % sizes.length]!.toLowerCase();
    const last = kind.split(' ').at(-1)!;
    const shapes = [
      kind,
      `${size} ${last}`,
      `${material} ${kind}`,
      typo(kind, n),
      `${typo(last, n)} ${size}`,
      `at-${(n * 37) % PRODUCTS}`,
      `${last} ${material} ${size}`,
    ];
    pool.add(shapes[n % shapes.length]!);
    if (n > 100_000) break;
  }
  return [...pool].map((q) => `/api/products?q=${encodeURIComponent(q)}`);
}

const categoryPages = benchCategories.flatMap(([slug]) =>
  ['newest', 'price-asc', 'price-desc', 'rating'].map(
    (sort) => `/api/products?category=${slug}&sort=${sort}`,
  ),
);

/**
 * Every search of the pool in each sort and each language, of all products and of those in
 * stock: addresses the read cache keeps apart, each a search of the database, enough that the
 * two rows that walk them never ask one twice on a fast machine (24 s with their warm-ups, at
 * 2,000 searches a second); until 2026-12-04 there were 30,000, without the stock filter.
 * Shuffled by a fixed stride, so that calls in a row differ in words, sort, language and filter.
 */
function everySearchVariant(pool: string[]): string[] {
  const addresses = pool.flatMap((path) =>
    ['relevance', 'newest', 'price-asc', 'price-desc', 'rating'].flatMap((sort) =>
      ['en', 'bn'].flatMap((lang) =>
        ['', '&inStock=true'].map((filter) => `${path}&sort=${sort}&lang=${lang}${filter}`),
      ),
    ),
  );
  // A prime, and the count (at most 60,000) no multiple of it: every address comes once.
  const stride = 7_919;
  return addresses.map((_, index) => addresses[(index * stride) % addresses.length]!);
}

/**
 * autocannon requests that walk `paths` in turn, one per request, across all connections.
 * Given a walk, they go on from where it stopped (the warm-up's walk, for the measurement).
 */
function cycling(paths: string[], walk = { next: 0 }): autocannon.Request[] {
  return [
    {
      setupRequest: (request) => ({ ...request, path: paths[walk.next++ % paths.length]! }),
    },
  ];
}

const dataDir = mkdtempSync(join(tmpdir(), 'agritools-catalogue-load-'));
const databaseUrl =
  engine === 'postgres'
    ? await recreateDatabase(
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agritools_catalogue_load',
      )
    : undefined;
// Seed before the shop starts: PGlite's directory takes one process at a time.
const seeding = await openDatabase(
  databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir },
);
const started = performance.now();
await seeding.migrate();
await seedCatalogue(seeding.db, PRODUCTS);
const ids = (
  (await seeding.db.execute(sql`select id from products order by random() limit 5000`)) as unknown as {
    rows: Array<{ id: string }>;
  }
).rows.map((row) => row.id);
await seeding.close();
console.log(
  `${engine}: ${PRODUCTS.toLocaleString('en-US')} products seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);

/**
 * Takes one unit of stock from a random product STOCK_CHANGES_PER_SECOND times a second, on a
 * connection of this process (PostgreSQL), until stopped.
 */
function changeStock(productIds: string[]): { stop(): Promise<void> } {
  const client = new pg.Client({ connectionString: databaseUrl });
  const connected = client.connect();
  let running: Promise<unknown> = connected;
  const timer = setInterval(() => {
    const id = productIds[Math.floor(Math.random() * productIds.length)]!;
    running = running.then(() =>
      client.query('update products set stock = greatest(stock - 1, 0) where id = $1', [id]),
    );
  }, 1_000 / STOCK_CHANGES_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await client.end();
    },
  };
}

const shop = await startShop(
  { DATA_DIR: dataDir, SEED_DEMO: 'false', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  PORT,
);
try {
  const pool = searches();
  const everyAddressOnce = everySearchVariant(pool);
  const routes: Array<[keyof typeof GOALS, string[]]> = [
    ['search', pool],
    ['search, each address once', everyAddressOnce],
    ['category page', categoryPages],
    ['product page', ids.map((id) => `/product/${id}`)],
    ...(databaseUrl
      ? ([
          ['search, each address once, stock changing', everyAddressOnce],
          ['search, stock changing', pool],
        ] as Array<[keyof typeof GOALS, string[]]>)
      : []),
  ];
  const only = process.env.BENCH_ROWS?.split(',').map(Number);
  const rows = [];
  // The walk over every address once, shared by the rows that ask them: the last goes on from
  // where the first stopped, so no address is asked twice in a run.
  const onceWalk = { next: 0 };
  for (const [index, [label, paths]] of routes.entries()) {
    if (only && !only.includes(index)) continue;
    // One walk for the warm-up and the measurement when no address may come twice.
    const once = paths === everyAddressOnce;
    const walk = once ? onceWalk : { next: 0 };
    const stockChanges = label.endsWith('stock changing') ? changeStock(ids) : undefined;
    // A short warm-up: the first calls compile the statements and fill the cache.
    await load(label, {
      url: shop.url,
      connections: 20,
      duration: 2,
      headers,
      requests: cycling(paths, once ? walk : undefined),
    });
    const result: LoadResult = await load(label, {
      url: shop.url,
      connections: 20,
      headers,
      requests: cycling(paths, once ? walk : undefined),
      serverPid: shop.child.pid,
      postgresCpu: engine === 'postgres',
      onceConnected: true,
    });
    await stockChanges?.stop();
    rows.push({
      route: label,
      'distinct addresses': paths.length,
      ...(once && walk.next > paths.length
        ? { note: 'the walk came round: some addresses were asked twice' }
        : {}),
      'req/s': result.requestsPerSecond,
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      ...onceConnectedColumns(result),
      'non-2xx': result.non2xx,
      errors: result.errors,
      'CPU µs/req': result.cpuUsPerRequest ?? '',
      ...(engine === 'postgres' ? { 'PostgreSQL CPU µs/req': result.postgresCpuUsPerRequest ?? '' } : {}),
      goal: `p99 < ${GOALS[label]} ms`,
      met: result.p99 < GOALS[label] && result.non2xx === 0 && result.errors === 0 ? 'yes' : 'NO',
    });
  }
  printTable(
    `Catalogue at ${PRODUCTS.toLocaleString('en-US')} products, ${engine}, 20 connections, ` +
      `Accept-Encoding: ${ACCEPT_ENCODING}`,
    rows,
  );
} finally {
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
