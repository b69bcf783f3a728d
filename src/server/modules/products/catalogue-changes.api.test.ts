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
// of search words (docs/decisions/020).
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
  it("says 'same words' for a change of stock, price or rating, and nothing for any other", async () => {
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

    expect(await update({ stock: 49 })).toEqual([SAME_WORDS]);
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

    // An order here takes stock: the answers go, the words stay.
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
});
