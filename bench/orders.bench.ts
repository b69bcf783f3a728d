// Order placement under load: many customers placing orders of one unit at once (the spec's
// POST /api/order), then three-line checkouts (POST /api/checkout, cash on delivery); after
// each, a check that stock and orders add up (no oversell, nothing lost, no half checkout).
// Goal for the checkout: at least 200 checkouts/s with p99 under 300 ms at 50 connections.
// Beside autocannon's p50 and p99 of the whole run, those of the requests sent once every
// connection had been answered, and how long that took (bench/lib.ts load): on PGlite the
// shop takes its 50 new connections up one per turn of its busy event loop.
// On PGlite every order's commit is synced to disk before it is answered (docs/decisions/037).
// Run: npm run build && npx tsx bench/orders.bench.ts postgres|pglite
// (BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/agritools_bench picks PostgreSQL's scratch database)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type DatabaseTarget } from '../src/server/db/client.ts';
import { createAccessTokens } from '../src/server/lib/access-token.ts';
import { load, onceConnectedColumns, printTable, startShop, type LoadResult } from './lib.ts';
import { recreateDatabase } from './pg.ts';

const engine = process.argv[2] === 'pglite' ? 'pglite' : 'postgres';
const engineName = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
const dataDir = mkdtempSync(join(tmpdir(), 'agritools-orders-'));
const target: DatabaseTarget =
  engine === 'pglite'
    ? { kind: 'pglite', dataDir }
    : {
        kind: 'postgres',
        url: await recreateDatabase(
          process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agritools_bench',
        ),
      };

const STOCK = 1_000_000;
const secret = 'bench-secret-bench-secret-bench-secret-0123';
// Everything is seeded before the shop starts and counted after it stops: PGlite's folder
// takes one process at a time.
const seeding = await openDatabase(target);
await seeding.migrate();
const [orderProduct, ...lineProducts] = rowsOf<{ id: string }>(
  await seeding.db
    .execute(sql`insert into products (name, price_cents, description, min_order, stock, img, rating)
        select case when g = 0 then 'Bench hoe' else 'Bench line ' || g end, 1000 + g,
               'For the order benchmark', 1, ${STOCK}, '/images/products/garden-hoe.svg', 4
        from generate_series(0, 3) g order by g returning id`),
).map((row) => row.id);
const productId = orderProduct!;
const tokens = createAccessTokens(secret);
const bearer: string[] = [];
for (let i = 0; i < 200; i += 1) {
  const id = `bench${randomBytes(6).toString('hex')}`;
  const email = `${id}@bench.test`;
  await seeding.db.execute(
    sql`insert into users (id, name, email) values (${id}, ${`Bench ${i}`}, ${email})`,
  );
  // Access tokens are bound to a live identity session.
  await seeding.db.execute(
    sql`insert into sessions (id, token, user_id, expires_at) values (${`s-${id}`}, ${`s-${id}`}, ${id}, now() + interval '1 day')`,
  );
  bearer.push(`Bearer ${await tokens.sign({ userId: id, email, sessionId: `s-${id}` })}`);
}
await seeding.close();

// The unpaid-items cap would refuse a bench customer after a few hundred units.
const shop = await startShop(
  {
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: dataDir }),
    AUTH_SECRET: secret,
    UNPAID_QUANTITY_CAP: '1000000000',
  },
  3202,
);
let order: LoadResult;
let checkout: LoadResult;
try {
  let next = 0;
  /** POSTs of `body` to `path`, each signed in as the next of the 200 customers. */
  const postedByCustomers = (path: string, body: string): autocannon.Request[] => [
    {
      method: 'POST',
      path,
      setupRequest: (request) => ({
        ...request,
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          authorization: bearer[next++ % bearer.length]!,
        },
        body,
      }),
    },
  ];
  const body = JSON.stringify({
    productId,
    quantity: 1,
    phone: '01712345678',
    address: 'Bench farm, Rajshahi',
  });
  order = await load('POST /api/order', {
    url: shop.url,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    serverPid: shop.child.pid,
    onceConnected: true,
    requests: postedByCustomers('/api/order', body),
  });
  // Three-line checkouts: every checkout reserves three products in one transaction.
  const QUANTITIES = [1, 2, 3];
  const checkoutBody = JSON.stringify({
    items: lineProducts.map((productId, index) => ({ productId, quantity: QUANTITIES[index] })),
    phone: '01712345678',
    address: 'Bench farm, Rajshahi',
    district: 'Rajshahi',
    paymentMethod: 'cod',
  });
  checkout = await load('POST /api/checkout (3 lines)', {
    url: shop.url,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    serverPid: shop.child.pid,
    onceConnected: true,
    requests: postedByCustomers('/api/checkout', checkoutBody),
  });
} finally {
  await shop.stop();
}

// Counted once the shop has stopped: orders still in flight when a load stopped are in every
// figure or in none.
const counting = await openDatabase(target);
try {
  const [tally] = rowsOf<{ stock: number; orders: number }>(
    await counting.db
      .execute(sql`select stock, (select count(*) from orders where product_id = ${productId})::int as orders
        from products where id = ${productId}`),
  );
  const { stock, orders } = tally!;
  printTable(`Order placement on ${engineName} (rate limit off)`, [
    {
      route: order.label,
      'req/s': order.requestsPerSecond,
      'p50 ms': order.p50,
      'p99 ms': order.p99,
      ...onceConnectedColumns(order),
      'non-2xx': order.non2xx,
      errors: order.errors,
      'CPU µs/req': order.cpuUsPerRequest ?? '',
      'orders stored': orders,
      'stock sold': STOCK - stock,
      'adds up': orders === STOCK - stock ? 'yes' : 'NO',
    },
  ]);
  if (orders !== STOCK - stock) process.exitCode = 1;

  const lines = `{${lineProducts.join(',')}}`;
  const [checkoutTally] = rowsOf<{ checkouts: number; lines: number; sold: number; stock: string }>(
    await counting.db
      .execute(sql`select (select count(*) from checkouts c where exists (select 1 from orders o where o.checkout_id = c.id and o.product_id = any(${lines}::uuid[])))::int as checkouts,
               (select count(*) from orders where product_id = any(${lines}::uuid[]))::int as lines,
               (select coalesce(sum(quantity), 0) from orders where product_id = any(${lines}::uuid[]))::int as sold,
               (select sum(stock) from products where id = any(${lines}::uuid[]))::bigint as stock`),
  );
  const addsUp =
    checkoutTally!.lines === checkoutTally!.checkouts * 3 &&
    checkoutTally!.sold + Number(checkoutTally!.stock) === STOCK * 3;
  printTable(`Three-line checkout on ${engineName} (cash on delivery, rate limit off)`, [
    {
      route: checkout.label,
      'checkouts/s': checkout.requestsPerSecond,
      'p50 ms': checkout.p50,
      'p99 ms': checkout.p99,
      ...onceConnectedColumns(checkout),
      'non-2xx': checkout.non2xx,
      errors: checkout.errors,
      'CPU µs/req': checkout.cpuUsPerRequest ?? '',
      'checkouts stored': checkoutTally!.checkouts,
      'lines stored': checkoutTally!.lines,
      'adds up': addsUp ? 'yes' : 'NO',
      goal: '>= 200/s, p99 < 300 ms',
      met: checkout.requestsPerSecond >= 200 && checkout.p99 < 300 && checkout.non2xx === 0 ? 'yes' : 'NO',
    },
  ]);
  if (!addsUp) process.exitCode = 1;
} finally {
  await counting.close();
  rmSync(dataDir, { recursive: true, force: true });
}
