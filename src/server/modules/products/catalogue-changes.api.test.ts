import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { placeOrder } from '../../../../tests/factories/orders.ts';
import { createProduct, wordOfThisRun } from '../../../../tests/factories/products.ts';
import { createCallers } from '../../../../tests/factories/users.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { openTestDatabase } from '../../../../tests/support/test-database.ts';
import { SAME_WORDS } from './products.service.ts';

// Every change to products tells each server to drop its cached answers; one that leaves every
// product's text as it was (stock, price, rating) says so, and the servers keep what they learnt
// of search words (docs/decisions/020). One that changed only stock names its products, and the
// servers drop only the answers that show them (docs/decisions/008).
let t: TestApp;
let heard: string[];
beforeAll(async () => {
  const database = await openTestDatabase();
  heard = [];
  // The same listening the app does, on a connection of its own.
  await database.listen('catalogue_changed', (payload) => heard.push(payload ?? 'missed'));
  t = await createTestApp({}, { database });
});
afterAll(() => t.close());

/** The notifications heard since `from`, once `count` of them have arrived. */
async function notifications(from: number, count: number): Promise<string[]> {
  await expect.poll(() => heard.length - from, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return heard.slice(from);
}

describe('catalogue_changed', () => {
  it("names the products whose stock alone changed, says 'same words' for price or rating, and nothing for any other", async () => {
    // One statement, one notification: each is waited for before the next statement runs.
    const heardAfter = async (statement: Promise<unknown>) => {
      const from = heard.length;
      await statement;
      return notifications(from, 1);
    };
    const product = await createProduct(t.app, { name: `Garden ${wordOfThisRun()}`, stock: 50 });
    expect(await notifications(0, 1)).toEqual(['']);
    const update = (changes: Partial<typeof products.$inferInsert>) =>
      heardAfter(t.app.db.update(products).set(changes).where(eq(products.id, product.id)));

    // A change of stock alone names the product, and says 1 when it runs out or comes back.
    expect(await update({ stock: 49 })).toEqual([`stock 0 ${product.id}`]);
    expect(await update({ stock: 0 })).toEqual([`stock 1 ${product.id}`]);
    expect(await update({ stock: 5 })).toEqual([`stock 1 ${product.id}`]);
    // A take of stock that finds too little changes no row and says nothing: the next change
    // is the first heard.
    const from = heard.length;
    await t.app.db.execute(
      sql`update products set stock = stock - 6 where id = ${product.id} and stock >= 6`,
    );
    expect(await update({ stock: 4 })).toEqual([`stock 0 ${product.id}`]);
    expect(heard.slice(from)).toEqual([`stock 0 ${product.id}`]);
    expect(await update({ stock: 3, priceCents: 1234 })).toEqual([SAME_WORDS]);
    expect(await update({ priceCents: 2500, rating: 3 })).toEqual([SAME_WORDS]);
    expect(await update({ description: 'A longer handle.' })).toEqual(['']);
    expect(await update({ nameBn: 'বাগান' })).toEqual(['']);
    expect(await heardAfter(createProduct(t.app))).toEqual(['']);
    expect(await heardAfter(t.app.db.delete(products).where(eq(products.id, product.id)))).toEqual(['']);
  });
});

// PGlite calls its listeners as the notifying statement completes, so what the app did with a
// notification shows as soon as the statement returns.
describe.runIf(process.env.TEST_DB !== 'postgres')('a server on PGlite', () => {
  it('keeps what it learnt of search words when stock or price changes, here or elsewhere', async () => {
    const root = wordOfThisRun();
    const product = await createProduct(t.app, { name: `Garden ${root}`, stock: 50 });
    const { cache, words } = t.app.catalogue;
    const search = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/products?q=${root}` });
      expect((response.json() as Array<{ name: string }>).map((p) => p.name)).toEqual([`Garden ${root}`]);
    };
    await search();
    const learnt = words.stats().entries;
    expect(learnt).toBeGreaterThan(0);
    expect(cache.stats().entries).toBeGreaterThan(0);

    // An order here takes stock: the answer that lists the product goes, the words stay.
    const { customerA } = await createCallers(t.app);
    await placeOrder(t.app, customerA, product.id);
    expect(cache.stats().entries).toBe(0);
    expect(words.stats().entries).toBe(learnt);

    // Another server, or an operator, changes stock and price: this one hears it.
    await search();
    await t.app.db.execute(
      sql`update products set stock = stock - 1, price_cents = price_cents + 100 where id = ${product.id}`,
    );
    expect(cache.stats().entries).toBe(0);
    expect(words.stats().entries).toBe(learnt);

    // A text changed elsewhere: the words go too.
    await search();
    await t.app.db.execute(
      sql`update products set description = description || ' Longer handle.' where id = ${product.id}`,
    );
    expect(cache.stats().entries).toBe(0);
    expect(words.stats().entries).toBe(0);
  });

  it('drops on a change of stock only the answers that show it, here or elsewhere', async () => {
    const root = wordOfThisRun();
    const [hoe, rake] = [
      await createProduct(t.app, { name: `Hoe ${root}`, stock: 2 }),
      await createProduct(t.app, { name: `Rake ${root}`, stock: 2 }),
    ];
    const addresses = {
      hoe: `/api/product/${hoe.id}`,
      rake: `/api/product/${rake.id}`,
      rakePage: `/product/${rake.id}`,
      rakeSearch: `/api/products?q=rake%20${root}`,
      inStockRakes: `/api/products?q=rake%20${root}&inStock=true`,
      categories: '/api/categories',
    };
    const read = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    /** Which of the addresses' answers the cache holds, read once each first when `fill`. */
    const held = async (fill: boolean) => {
      const answers = new Map<string, string>();
      for (const [name, url] of Object.entries(addresses)) if (fill) answers.set(name, await read(url));
      const before = cache.stats().entries;
      const kept: string[] = [];
      // Reading again what the cache holds costs no new entry; each read that misses adds one.
      for (const [name, url] of Object.entries(addresses)) {
        const entries = cache.stats().entries;
        const body = await read(url);
        if (cache.stats().entries === entries) kept.push(name);
        if (fill) expect(body).toBe(answers.get(name));
      }
      expect(cache.stats().entries).toBeGreaterThanOrEqual(before);
      return kept;
    };
    const { cache } = t.app.catalogue;
    const everything = Object.keys(addresses);
    expect(await held(true)).toEqual(everything);

    const allButTheHoe = ['rake', 'rakePage', 'rakeSearch', 'inStockRakes', 'categories'];
    const { customerA } = await createCallers(t.app);
    const cancel = async (orderId: string) => {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/order/${orderId}`,
        headers: customerA.headers,
      });
      expect(response.statusCode).toBe(200);
    };

    // An order here for the hoe that leaves some: only the hoe's answer goes (the in-stock
    // search stays, the hoe is still in stock); the hoe shows its new stock.
    const hoeOrder = await placeOrder(t.app, customerA, hoe.id, { quantity: 1 });
    expect(await held(false)).toEqual(allButTheHoe);
    expect(JSON.parse(await read(addresses.hoe))).toMatchObject({ stock: 1 });

    // Elsewhere the hoe's stock changes without running out: the database names the hoe, and
    // only the hoe's answer goes.
    expect(await held(false)).toEqual(everything);
    await t.app.db.execute(sql`update products set stock = stock + 1 where id = ${hoe.id}`);
    expect(await held(false)).toEqual(allButTheHoe);

    // Cancelled here, the hoe's order gives its unit back: again only the hoe's answer goes.
    expect(await held(false)).toEqual(everything);
    await cancel(hoeOrder);
    expect(await held(false)).toEqual(allButTheHoe);
    expect(JSON.parse(await read(addresses.hoe))).toMatchObject({ stock: 3 });

    // An order here takes the last rakes: the rake's answers go, and the in-stock search, which
    // no longer lists it.
    expect(await held(false)).toEqual(everything);
    const rakeOrder = await placeOrder(t.app, customerA, rake.id, { quantity: 2 });
    expect(await held(false)).toEqual(['hoe', 'categories']);
    expect(JSON.parse(await read(addresses.inStockRakes))).toEqual([]);

    // Cancelled, the order brings the rakes back: the in-stock search lists the rake again.
    expect(await held(false)).toEqual(everything);
    await cancel(rakeOrder);
    expect(await held(false)).toEqual(['hoe', 'categories']);
    expect(JSON.parse(await read(addresses.inStockRakes))).toMatchObject([{ stock: 2 }]);

    // Elsewhere the rake runs out: its answers go, and the in-stock search no longer lists it.
    await t.app.db.execute(sql`update products set stock = 0 where id = ${rake.id}`);
    expect(await held(false)).toEqual(['hoe', 'categories']);
    expect(JSON.parse(await read(addresses.inStockRakes))).toEqual([]);
    expect(JSON.parse(await read(addresses.rakeSearch))).toMatchObject([{ stock: 0 }]);
  });
});
