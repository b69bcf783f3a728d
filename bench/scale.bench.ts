// Reads at scale: 100,000 products and 1,000,000 orders in PostgreSQL, then the
// listing and detail routes under load. Listing routes are capped (docs/decisions/002-listing-limits.md).
// Run: npm run build && npx tsx bench/scale.bench.ts   (BENCH_PRODUCTS / BENCH_ORDERS to change the sizes)
import pg from 'pg';
import { createAccessTokens } from '../src/server/lib/access-token.ts';
import { load, printTable, startShop } from './lib.ts';
import { recreateDatabase } from './pg.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const databaseUrl = await recreateDatabase(
  process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agritools_scale',
);
const secret = 'bench-secret-bench-secret-bench-secret-0123';
const shop = await startShop({ DATABASE_URL: databaseUrl, AUTH_SECRET: secret }, 3203);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  let started = Date.now();
  await client.query(
    // Distinct creation times, as rows added over months would have (one statement would
    // otherwise give every row the same now()).
    `insert into products (name, price_cents, description, min_order, stock, img, rating, created_at)
     select 'Scale tool ' || g, 100 + (g % 5000), repeat('A dependable tool for the farm. ', 6), 1 + (g % 5), 1000, '/images/products/garden-hoe.svg', (g % 50) / 10.0,
            now() - ($1 - g) * interval '1 minute'
     from generate_series(1, $1) g`,
    [PRODUCTS],
  );
  await client.query(
    `insert into users (id, name, email, role) values ('scale-admin', 'Scale Admin', 'scale-admin@bench.test', 'admin')`,
  );
  await client.query(
    `insert into users (id, name, email) select 'scale-user-' || g, 'Customer ' || g, 'customer' || g || '@bench.test' from generate_series(1, 1000) g`,
  );
  await client.query(
    `insert into orders (product_id, user_id, name, email, product_name, quantity, phone, address, img, price_cents, paid, created_at)
     select p.id, 'scale-user-' || (1 + g % 1000), 'Customer ' || (1 + g % 1000), 'customer' || (1 + g % 1000) || '@bench.test',
            p.name, 1 + g % 20, '01712345678', 'Village ' || g, p.img, p.price_cents, g % 3 = 0,
            now() - ($1 - g) * interval '10 seconds'
     from generate_series(1, $1) g
     join lateral (select id, name, img, price_cents from products offset (g % 1000) limit 1) p on true`,
    [ORDERS],
  );
  // Access tokens are bound to a live identity session.
  await client.query(
    `insert into sessions (id, token, user_id, expires_at)
     values ('s-admin', 's-admin', 'scale-admin', now() + interval '1 day'),
            ('s-user-7', 's-user-7', 'scale-user-7', now() + interval '1 day')`,
  );
  await client.query('analyze');
  const seeded = `${PRODUCTS.toLocaleString('en-US')} products and ${ORDERS.toLocaleString('en-US')} orders seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`;

  const tokens = createAccessTokens(secret);
  const admin = {
    authorization: `Bearer ${await tokens.sign({ userId: 'scale-admin', email: 'scale-admin@bench.test', sessionId: 's-admin' })}`,
  };
  const customer = {
    authorization: `Bearer ${await tokens.sign({ userId: 'scale-user-7', email: 'customer7@bench.test', sessionId: 's-user-7' })}`,
  };
  const someId = (await client.query('select id from products offset 54321 limit 1')).rows[0].id as string;

  // A page deep in the admin's list: the Link header followed 100 times (the 10,001st order on).
  let deep = '/api/orders';
  for (let i = 0; i < 100; i += 1) {
    const link = (await fetch(`${shop.url}${deep}`, { headers: admin })).headers.get('link') ?? '';
    deep = /<([^>]+)>; rel="next"/.exec(link)![1]!;
  }

  // Order-list pages are cached until an order changes (docs/decisions/007); the last row
  // changes one order ten times a second from outside the shop (as another instance or an
  // operator would), so every change reaches the shop as the orders trigger's notification and
  // the next read of the page goes to the database again.
  const someOrder = (await client.query('select id from orders order by created_at desc limit 1')).rows[0]
    .id as string;
  const rows = [];
  for (const [label, path, headers, changing] of [
    ['GET /api/products', '/api/products', {}, false],
    ['GET /api/product/{id}', `/api/product/${someId}`, {}, false],
    ['GET /api/order?email= (1,000 orders)', '/api/order?email=customer7%40bench.test', customer, false],
    ['GET /api/orders (admin)', '/api/orders', admin, false],
    ['GET /api/orders, page 101 (admin)', deep, admin, false],
    ['GET /api/orders (admin), an order changing 10 times/s', '/api/orders', admin, true],
  ] as const) {
    started = Date.now();
    const response = await fetch(`${shop.url}${path}`, { headers });
    const bytes = (await response.arrayBuffer()).byteLength;
    const firstMs = Date.now() - started;
    let changes = 0;
    const changer = changing
      ? setInterval(() => {
          changes += 1;
          void client.query('update orders set updated_at = now() where id = $1', [someOrder]);
        }, 100)
      : undefined;
    const result = await load(label, {
      url: `${shop.url}${path}`,
      headers,
      connections: 20,
      serverPid: shop.child.pid,
    }).finally(() => clearInterval(changer));
    if (changing) console.log(`${label}: ${changes} changes during the run`);
    rows.push({
      route: label,
      status: response.status,
      'items bytes': bytes,
      'first call ms': firstMs,
      'req/s': result.requestsPerSecond,
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      'non-2xx': result.non2xx,
      'CPU µs/req': result.cpuUsPerRequest ?? '',
    });
  }
  printTable(`Reads at scale on PostgreSQL (${seeded})`, rows);
} finally {
  await client.end();
  await shop.stop();
}
