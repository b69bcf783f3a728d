import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { placeOrder } from '../../../../tests/factories/orders.ts';
import { insertSeedDrills, stockOf, wordOfThisRun } from '../../../../tests/factories/products.ts';
import { createUser } from '../../../../tests/factories/users.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// Pages of products keep a tenth free (migration 0012, docs/decisions/020), so the row version a
// stock change writes stays on its page: PostgreSQL then adds nothing to any index (a HOT
// update), where a version on another page adds an entry to every index of the table.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The page (heap block) the current row version of each seed drill of `word` is on, by id. */
async function pagesOf(word: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ id: string; page: number }>(
    await t.app.db.execute(
      sql`select id, (ctid::text::point)[0]::int as page from products where name like ${`Seed Drill ${word} %`}`,
    ),
  );
  return new Map(rows.map((row) => [row.id, Number(row.page)]));
}

describe('a stock change', () => {
  it('keeps the product on its page when an order takes stock, its page filled by one insert', async () => {
    // Enough products in one statement to fill several pages; the first is full.
    const word = wordOfThisRun();
    await insertSeedDrills(t.app.db, word, 300);
    const before = await pagesOf(word);
    const pages = [...new Set(before.values())].sort((a, b) => a - b);
    expect(pages.length).toBeGreaterThan(2);
    const ordered = [...before.keys()].filter((id) => before.get(id) === pages[0]).slice(0, 2);
    expect(ordered).toHaveLength(2);

    const customer = await createUser(t.app);
    for (const id of ordered) {
      await placeOrder(t.app, customer, id);
      expect(await stockOf(t.app, id)).toBe(9);
    }
    const after = await pagesOf(word);
    for (const id of ordered) expect(after.get(id)).toBe(pages[0]);
  });
});
