import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { parseEnv } from '../../src/server/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { orders, products, reviews } from '../../src/server/db/schema.ts';
import { LISTING_DEFAULT_LIMIT } from '../../src/server/lib/listing.ts';
import { createReadCache } from '../../src/server/lib/read-cache.ts';
import * as orderService from '../../src/server/modules/orders/orders.service.ts';
import type { CachedOrderPage } from '../../src/server/modules/orders/orders.service.ts';
import type { Account } from '../../src/server/modules/users/account.ts';
import { createProduct } from '../factories/products.ts';
import { placeOrder } from '../factories/orders.ts';
import { createCallers } from '../factories/users.ts';
import { openTestDatabase } from '../support/test-database.ts';

// Every list call is paged with a Link to the next page (docs/decisions/007), and the two
// catalogue reads are served from a cache that every write drops, in this instance and,
// through the database's notification, in any other on the same database (decision 008).

let database: DatabaseHandle & { url?: string };
let other: DatabaseHandle | undefined;
const apps: FastifyInstance[] = [];

async function startApp(
  handle: DatabaseHandle,
  readCacheMaxAgeMs?: number,
  env: Record<string, string> = {},
) {
  const app = await buildApp({
    env: parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'agritools-cache-')),
      AUTH_SECRET: 'listing-and-cache-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '0',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'http://localhost:3000',
      ...env,
    }),
    database: handle,
    readCacheMaxAgeMs,
  });
  await app.ready();
  apps.push(app);
  return app;
}

let app: FastifyInstance;
let callers: Awaited<ReturnType<typeof createCallers>>;
beforeAll(async () => {
  database = await openTestDatabase();
  // An hour: in these tests only a write or a notification may refresh a cached answer.
  app = await startApp(database, 3_600_000);
  callers = await createCallers(app);
});
afterAll(async () => {
  for (const running of apps) await running.close();
  await other?.close();
  await database.close();
});
beforeEach(async () => {
  await app.db.delete(orders);
  await app.db.delete(products);
  await app.db.delete(reviews);
  for (const running of apps) {
    running.catalogue.cache.invalidate();
    running.orders.lists?.invalidate();
  }
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

async function seedProducts(count: number) {
  const values = Array.from({ length: count }, (_, i) => ({
    name: `Paged tool ${String(i).padStart(4, '0')}`,
    priceCents: 500,
    stock: 10,
    minOrder: 1,
    rating: 3,
    img: '/images/products/garden-hoe.svg',
    description: 'For paging.',
  }));
  await app.db.insert(products).values(values);
  app.catalogue.cache.invalidate();
}

describe('list paging', () => {
  it(`answers at most ${LISTING_DEFAULT_LIMIT} products and links to the next page`, async () => {
    await seedProducts(LISTING_DEFAULT_LIMIT + 5);
    const first = await get('/api/products');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(LISTING_DEFAULT_LIMIT);
    expect(first.headers.link).toBe(
      `</api/products?limit=${LISTING_DEFAULT_LIMIT}&offset=${LISTING_DEFAULT_LIMIT}>; rel="next"`,
    );

    const nextUrl = /<([^>]+)>/.exec(String(first.headers.link))![1]!;
    const second = await get(nextUrl);
    expect(second.json()).toHaveLength(5);
    expect(second.headers.link).toBeUndefined();
    const names = [...first.json(), ...second.json()].map((p: { name: string }) => p.name);
    expect(new Set(names).size).toBe(LISTING_DEFAULT_LIMIT + 5);
  });

  it('has no Link header when one page holds everything', async () => {
    await seedProducts(3);
    const response = await get('/api/products');
    expect(response.json()).toHaveLength(3);
    expect(response.headers.link).toBeUndefined();
  });

  it('keeps the email in the next link of a customer’s orders', async () => {
    const product = await createProduct(app, { stock: 50 });
    for (let i = 0; i < 3; i += 1) await placeOrder(app, callers.customerA, product.id);
    const url = `/api/order?email=${encodeURIComponent(callers.customerA.email)}&limit=2`;
    const first = await get(url, callers.customerA.headers);
    expect(first.json()).toHaveLength(2);
    const next = /<([^>]+)>/.exec(String(first.headers.link))![1]!;
    expect(new URL(next, 'http://x').searchParams.get('email')).toBe(callers.customerA.email);
    const second = await get(next, callers.customerA.headers);
    expect(second.json()).toHaveLength(1);
  });

  it('pages all orders and all users for an admin', async () => {
    const product = await createProduct(app, { stock: 50 });
    for (let i = 0; i < 3; i += 1) await placeOrder(app, callers.customerB, product.id);
    const orderPage = await get('/api/orders?limit=2', callers.admin.headers);
    expect(orderPage.json()).toHaveLength(2);
    expect(orderPage.headers.link).toContain('after=');
    const userPage = await get('/api/users?limit=1', callers.admin.headers);
    expect(userPage.json()).toHaveLength(1);
    expect(userPage.headers.link).toContain('offset=1');
  });

  it('pages orders by position: every order once, however many arrive between two pages', async () => {
    const product = await createProduct(app, { stock: 100 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.unshift(await placeOrder(app, callers.customerA, product.id));
    const url = `/api/order?email=${encodeURIComponent(callers.customerA.email)}&limit=2`;
    const seen: string[] = [];
    let next: string | undefined = url;
    let newcomers = 0;
    while (next) {
      const page = await get(next, callers.customerA.headers);
      expect(page.statusCode).toBe(200);
      seen.push(...(page.json() as Array<{ _id: string }>).map((order) => order._id));
      // Newer orders arrive while the customer reads: they belong before the first page.
      if (newcomers++ < 2) await placeOrder(app, callers.customerA, product.id);
      next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1];
    }
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses a cursor that was edited, one taken from another list, and an offset, in the error shape', async () => {
    const product = await createProduct(app, { stock: 50 });
    for (let i = 0; i < 3; i += 1) await placeOrder(app, callers.customerA, product.id);
    const own = `/api/order?email=${encodeURIComponent(callers.customerA.email)}`;
    const first = await get(`${own}&limit=1`, callers.customerA.headers);
    const cursor = new URL(/<([^>]+)>/.exec(String(first.headers.link))![1]!, 'http://x').searchParams.get(
      'after',
    )!;
    // One character of the signature changed (never its last, whose low bits base64 ignores).
    const at = cursor.length - 5;
    const edited = `${cursor.slice(0, at)}${cursor[at] === 'A' ? 'B' : 'A'}${cursor.slice(at + 1)}`;
    expect(edited).not.toBe(cursor);
    for (const [url, headers] of [
      [`${own}&after=${encodeURIComponent(edited)}`, callers.customerA.headers],
      [`${own}&after=not-a-cursor`, callers.customerA.headers],
      [`/api/orders?after=${encodeURIComponent(cursor)}`, callers.admin.headers],
      [`${own}&offset=2`, callers.customerA.headers],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a limit above the maximum in the error shape', async () => {
    const response = await get('/api/products?limit=1001');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('catalogue read cache', () => {
  it('shows a product added by an admin at once', async () => {
    expect((await get('/api/products')).json()).toEqual([]);
    const added = await app.inject({
      method: 'POST',
      url: '/api/product',
      headers: callers.admin.headers,
      payload: {
        name: 'Cached hoe',
        price: 10,
        stock: 5,
        minOrder: 1,
        rating: 4,
        img: '/images/products/garden-hoe.svg',
        description: 'd',
      },
    });
    expect(added.statusCode).toBe(201);
    expect((await get('/api/products')).json().map((p: { name: string }) => p.name)).toEqual(['Cached hoe']);
  });

  it('shows the stock an order took, and gave back, at once', async () => {
    const product = await createProduct(app, { stock: 10 });
    expect((await get(`/api/product/${product.id}`)).json().stock).toBe(10);
    const id = await placeOrder(app, callers.customerA, product.id, { quantity: 4 });
    expect((await get(`/api/product/${product.id}`)).json().stock).toBe(6);
    expect((await get('/api/products')).json()[0].stock).toBe(6);
    await app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: callers.customerA.headers });
    expect((await get(`/api/product/${product.id}`)).json().stock).toBe(10);
  });

  it('answers a missing product with 404 every time, not a cached body', async () => {
    const url = '/api/product/0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d';
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('drops the cache of another instance on the same database when stock changes', async () => {
    // A second server process on the same database: a second connection on PostgreSQL, the
    // same engine on PGlite. Its cache never expires here, so only the notification can help.
    other = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : undefined;
    const second = await startApp(other ?? database, 3_600_000);
    const product = await createProduct(app, { stock: 10 });
    second.catalogue.cache.invalidate();
    const readOnSecond = async () =>
      (await second.inject({ method: 'GET', url: `/api/product/${product.id}` })).json().stock as number;
    expect(await readOnSecond()).toBe(10);
    await placeOrder(app, callers.customerA, product.id, { quantity: 3 });
    await expect.poll(readOnSecond, { timeout: 10_000 }).toBe(7);
  });
});

describe('order list cache', () => {
  type Listed = { _id: string; paid: boolean; status: string };
  const mine = async (caller: { email: string; headers: Record<string, string> }, on = app) =>
    (
      await on.inject({
        method: 'GET',
        url: `/api/order?email=${encodeURIComponent(caller.email)}`,
        headers: caller.headers,
      })
    ).json() as Listed[];
  const all = async () => (await get('/api/orders', callers.admin.headers)).json() as Listed[];

  it('shows a new order, a payment and a cancellation in every list at once', async () => {
    const product = await createProduct(app, { stock: 50 });
    const first = await placeOrder(app, callers.customerA, product.id);
    // Both lists are now cached (the cache here never expires by itself).
    expect((await mine(callers.customerA)).map((o) => o._id)).toEqual([first]);
    expect((await all()).map((o) => o._id)).toEqual([first]);

    const second = await placeOrder(app, callers.customerA, product.id);
    expect((await mine(callers.customerA)).map((o) => o._id)).toEqual([second, first]);
    expect((await all()).map((o) => o._id)).toEqual([second, first]);

    const paid = await app.inject({
      method: 'PATCH',
      url: `/api/order/${first}`,
      headers: callers.admin.headers,
      payload: { paid: true },
    });
    expect(paid.statusCode).toBe(200);
    expect((await mine(callers.customerA)).find((o) => o._id === first)?.paid).toBe(true);

    const cancelled = await app.inject({
      method: 'DELETE',
      url: `/api/order/${second}`,
      headers: callers.customerA.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await mine(callers.customerA)).map((o) => o._id)).toEqual([first]);
    expect((await all()).map((o) => o._id)).toEqual([first]);
  });

  it("never shows one customer's cached list to another, nor to an admin asking for a third", async () => {
    const product = await createProduct(app, { stock: 50 });
    const a = await placeOrder(app, callers.customerA, product.id);
    const b = await placeOrder(app, callers.customerB, product.id);
    expect((await mine(callers.customerA)).map((o) => o._id)).toEqual([a]);
    expect((await mine(callers.customerB)).map((o) => o._id)).toEqual([b]);
    const asked = await get(
      `/api/order?email=${encodeURIComponent(callers.customerA.email)}`,
      callers.customerB.headers,
    );
    expect(asked.statusCode).toBe(403);
  });

  it('is dropped by the orders service itself, before any notification could arrive', async () => {
    // A cache no notification reaches: only the service's own invalidation after each change
    // can keep it true (on PostgreSQL the notification comes on another connection, later).
    const lists = createReadCache<CachedOrderPage>({ maxBytes: 1024 * 1024, maxAgeMs: 3_600_000 });
    const ctx = { ...app.orders, lists };
    const customer: Account = { ...callers.customerA, avatar: '', isAdmin: false };
    const product = await createProduct(app, { stock: 50 });
    const ids = async () =>
      (JSON.parse((await orderService.listOrders(ctx, customer, customer.email, page)).json) as Listed[]).map(
        (o) => o._id,
      );
    const page = { limit: 10, offset: 0 };
    const order = {
      productId: product.id,
      quantity: 1,
      phone: '01712345678',
      address: 'House 1, Road 2, Bogura',
    };
    const first = (await orderService.placeOrder(ctx, customer, order)).insertedId;
    expect(await ids()).toEqual([first]);
    const second = (await orderService.placeOrder(ctx, customer, order)).insertedId;
    expect(await ids()).toEqual([second, first]);
    await orderService.cancelOrder(ctx, customer, second);
    expect(await ids()).toEqual([first]);
    lists.close();
  });

  it('follows a change made by hand in the database, and one made by another instance', async () => {
    const product = await createProduct(app, { stock: 50 });
    const id = await placeOrder(app, callers.customerA, product.id);
    expect((await mine(callers.customerA))[0]?.paid).toBe(false);
    // By hand (an operator in psql): only the orders trigger's notification can tell the cache.
    await app.db.update(orders).set({ paid: true, status: 'paid' }).where(eq(orders.id, id));
    await expect.poll(async () => (await mine(callers.customerA))[0]?.paid, { timeout: 10_000 }).toBe(true);

    // Another server on the same database, its cache never expiring by itself.
    other ??= database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : undefined;
    const second = await startApp(other ?? database, 3_600_000);
    expect((await mine(callers.customerA, second)).map((o) => o._id)).toEqual([id]);
    const next = await placeOrder(app, callers.customerA, product.id);
    await expect
      .poll(async () => (await mine(callers.customerA, second)).map((o) => o._id), { timeout: 10_000 })
      .toEqual([next, id]);
  });
});

describe('catalogue read cache bound', () => {
  it('holds no more than CATALOGUE_CACHE_MB, whatever page shapes visitors ask for', async () => {
    const bounded = await startApp(database, 3_600_000, { CATALOGUE_CACHE_MB: '0.25' });
    await seedProducts(300);
    bounded.catalogue.cache.invalidate();
    const bound = 0.25 * 1024 * 1024;
    for (let i = 0; i < 400; i += 1) {
      const limit = 1 + ((i * 37) % 1000);
      const offset = (i * 13) % 350;
      const response = await bounded.inject({
        method: 'GET',
        url: `/api/products?limit=${limit}&offset=${offset}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveLength(Math.max(0, Math.min(limit, 300 - offset)));
      expect(bounded.catalogue.cache.stats().bytes).toBeLessThanOrEqual(bound);
    }
    // Still a cache: the small pages it kept are served without a query.
    expect(bounded.catalogue.cache.stats().entries).toBeGreaterThan(0);
  });
});
