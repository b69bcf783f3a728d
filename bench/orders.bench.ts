// Order placement under load on PostgreSQL: many customers placing orders of one unit at once
// (the spec's POST /api/order), then three-line checkouts (POST /api/checkout, cash on delivery);
// after each, a check that stock and orders add up (no oversell, nothing lost, no half checkout).
// Goal for the checkout: at least 200 checkouts/s with p99 under 300 ms at 50 connections.
// Run: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/agritools_bench npx tsx bench/orders.bench.ts
import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import pg from 'pg';
import { createAccessTokens } from '../src/server/lib/access-token.ts';
import { load, printTable, startShop } from './lib.ts';
import { recreateDatabase } from './pg.ts';

const databaseUrl = await recreateDatabase(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agritools_bench',
);
const secret = 'bench-secret-bench-secret-bench-secret-0123';
// The unpaid-items cap would refuse a bench customer after a few hundred units.
const shop = await startShop(
  { DATABASE_URL: databaseUrl, AUTH_SECRET: secret, UNPAID_QUANTITY_CAP: '1000000000' },
  3202,
);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  const STOCK = 1_000_000;
  const { rows } = await client.query(
    `insert into products (name, price_cents, description, min_order, stock, img, rating)
     values ('Bench hoe', 1234, 'For the order benchmark', 1, $1, '/images/products/garden-hoe.svg', 4) returning id`,
    [STOCK],
  );
  const productId = rows[0].id as string;
  const tokens = createAccessTokens(secret);
  const bearer: string[] = [];
  for (let i = 0; i < 200; i += 1) {
    const id = `bench${randomBytes(6).toString('hex')}`;
    const email = `${id}@bench.test`;
    await client.query(`insert into users (id, name, email) values ($1, $2, $3)`, [id, `Bench ${i}`, email]);
    // Access tokens are bound to a live identity session.
    await client.query(
      `insert into sessions (id, token, user_id, expires_at) values ($1, $1, $2, now() + interval '1 day')`,
      [`s-${id}`, id],
    );
    bearer.push(`Bearer ${await tokens.sign({ userId: id, email, sessionId: `s-${id}` })}`);
  }
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
  const result = await load('POST /api/order', {
    url: shop.url,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    requests: postedByCustomers('/api/order', body),
  });
  // Stock and order count in one statement, so one snapshot: orders still in flight when the
  // load stops land in both figures or in neither.
  const tally = (
    await client.query(
      'select stock, (select count(*) from orders where product_id = $1)::int as orders from products where id = $1',
      [productId],
    )
  ).rows[0] as { stock: number; orders: number };
  const { stock, orders } = tally;
  printTable('Order placement on PostgreSQL (rate limit off)', [
    {
      route: result.label,
      'req/s': result.requestsPerSecond,
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      'non-2xx': result.non2xx,
      errors: result.errors,
      'orders stored': orders,
      'stock sold': STOCK - stock,
      'adds up': orders === STOCK - stock ? 'yes' : 'NO',
    },
  ]);
  if (orders !== STOCK - stock) process.exitCode = 1;

  // Three-line checkouts: every checkout reserves three products in one transaction.
  const lineProducts = (
    await client.query(
      `insert into products (name, price_cents, description, min_order, stock, img, rating)
       select 'Bench line ' || g, 1000 + g, 'For the checkout benchmark', 1, $1, '/images/products/garden-hoe.svg', 4
       from generate_series(1, 3) g returning id`,
      [STOCK],
    )
  ).rows.map((row: { id: string }) => row.id);
  const QUANTITIES = [1, 2, 3];
  const checkoutBody = JSON.stringify({
    items: lineProducts.map((productId, index) => ({ productId, quantity: QUANTITIES[index] })),
    phone: '01712345678',
    address: 'Bench farm, Rajshahi',
    district: 'Rajshahi',
    paymentMethod: 'cod',
  });
  const checkout = await load('POST /api/checkout (3 lines)', {
    url: shop.url,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    serverPid: shop.child.pid,
    requests: postedByCustomers('/api/checkout', checkoutBody),
  });
  const checkoutTally = (
    await client.query(
      `select (select count(*) from checkouts c where exists (select 1 from orders o where o.checkout_id = c.id and o.product_id = any($1::uuid[])))::int as checkouts,
              (select count(*) from orders where product_id = any($1::uuid[]))::int as lines,
              (select coalesce(sum(quantity), 0) from orders where product_id = any($1::uuid[]))::int as sold,
              (select sum(stock) from products where id = any($1::uuid[]))::bigint as stock`,
      [lineProducts],
    )
  ).rows[0] as { checkouts: number; lines: number; sold: number; stock: string };
  const addsUp =
    checkoutTally.lines === checkoutTally.checkouts * 3 &&
    checkoutTally.sold + Number(checkoutTally.stock) === STOCK * 3;
  printTable('Three-line checkout on PostgreSQL (cash on delivery, rate limit off)', [
    {
      route: checkout.label,
      'checkouts/s': checkout.requestsPerSecond,
      'p50 ms': checkout.p50,
      'p99 ms': checkout.p99,
      'non-2xx': checkout.non2xx,
      errors: checkout.errors,
      'CPU µs/req': checkout.cpuUsPerRequest ?? '',
      'checkouts stored': checkoutTally.checkouts,
      'lines stored': checkoutTally.lines,
      'adds up': addsUp ? 'yes' : 'NO',
      goal: '>= 200/s, p99 < 300 ms',
      met: checkout.requestsPerSecond >= 200 && checkout.p99 < 300 && checkout.non2xx === 0 ? 'yes' : 'NO',
    },
  ]);
  if (!addsUp) process.exitCode = 1;
} finally {
  await client.end();
  await shop.stop();
}
