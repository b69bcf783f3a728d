// Order placement under load on PostgreSQL: many customers placing orders of one
// unit at once, then a check that stock and orders add up (no oversell, nothing lost).
// Run: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/agritools_bench npx tsx bench/orders.bench.ts
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createAccessTokens } from '../src/server/lib/access-token.ts';
import { load, printTable, startShop } from './lib.ts';
import { recreateDatabase } from './pg.ts';

const databaseUrl = await recreateDatabase(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agritools_bench',
);
const secret = 'bench-secret-bench-secret-bench-secret-0123';
const shop = await startShop({ DATABASE_URL: databaseUrl, AUTH_SECRET: secret }, 3202);
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
  const body = JSON.stringify({
    productId,
    quantity: 1,
    phone: '01712345678',
    address: 'Bench farm, Rajshahi',
  });
  const result = await load('POST /api/order', {
    url: shop.url,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    requests: [
      {
        method: 'POST',
        path: '/api/order',
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
    ],
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
} finally {
  await client.end();
  await shop.stop();
}
