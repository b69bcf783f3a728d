import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openTestDatabase } from '../../../tests/support/test-database.ts';
import { searchProducts, type SearchRequest } from '../modules/products/search.repository.ts';
import { executePrepared, openDatabase, rowsOf, type DatabaseHandle } from './client.ts';

// Searches of words are run often and their best plan does not hang on the values: on
// PostgreSQL they run on connections of their own, each parsing them once and keeping one plan
// made without the values (client.ts executePrepared). Searches with a category or a price
// range are planned with their values every time, because there the values decide which index
// is right (docs/decisions/020-catalogue-search.md). PGlite runs every statement as any other.

let database: DatabaseHandle & { url?: string };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const words = (word: string): Pick<SearchRequest, 'terms' | 'sort' | 'limit'> => ({
  terms: [[{ text: word, prefix: true }]],
  sort: 'relevance',
  limit: 25,
});

it('answers a prepared statement like a plain one, on either engine', async () => {
  const query = sql`select ${'knapsack'}::text as word, ${3}::int as n`;
  expect(rowsOf(await executePrepared(database.db, query))).toEqual(rowsOf(await database.db.execute(query)));
  expect(rowsOf(await executePrepared(database.db, query))).toEqual([{ word: 'knapsack', n: 3 }]);
  await expect(searchProducts(database.db, words('sprayer'))).resolves.toEqual([]);
});

describe.runIf(process.env.TEST_DB === 'postgres')('on PostgreSQL', () => {
  // One connection, so the statements this test prepares are the ones it can see.
  let single: DatabaseHandle;
  beforeAll(async () => {
    single = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 1 });
  });
  afterAll(() => single?.close());

  // The search statements prepared so far (not this one), read on the connection that runs
  // them: prepared statements are per connection.
  const prepared = async () =>
    rowsOf<{ name: string; generic_plans: string; custom_plans: string }>(
      await executePrepared(
        single.db,
        sql`select name, generic_plans, custom_plans from pg_prepared_statements
            where statement like '%from products%' and statement not like '%pg_prepared_statements%'
            order by name`,
      ),
    );

  it('keeps plans made with their values for every other statement of the shop', async () => {
    const mode = async (run: (query: SQL) => Promise<unknown>) =>
      rowsOf<{ plan_cache_mode: string }>(await run(sql`show plan_cache_mode`))[0]!.plan_cache_mode;
    expect(await mode((query) => single.db.execute(query))).toBe('auto');
    expect(await mode((query) => executePrepared(single.db, query))).toBe('force_generic_plan');
  });

  it('prepares a search of words once per connection and plans it once, whatever the words', async () => {
    for (const word of ['sprayer', 'hoe', 'knapsack', 'sickle']) await searchProducts(single.db, words(word));
    const statements = await prepared();
    // The first page by relevance is one statement: four searches, one statement, one plan
    // reused four times and no plan made for the words of one search.
    expect(statements).toHaveLength(1);
    expect(Number(statements[0]!.generic_plans)).toBe(4);
    expect(Number(statements[0]!.custom_plans)).toBe(0);
  });

  it('plans a search with a price range or a category with its values, every time', async () => {
    const before = await prepared();
    const [category] = rowsOf<{ id: string }>(
      await single.db.execute(sql`select id from categories limit 1`),
    );
    await searchProducts(single.db, { ...words('sprayer'), minCents: 100, maxCents: 900_000 });
    await searchProducts(single.db, { ...words('sprayer'), sort: 'price-asc', maxCents: 5_000 });
    await searchProducts(single.db, { ...words('sprayer'), categoryId: category!.id });
    await searchProducts(single.db, { sort: 'newest', limit: 25, categoryId: category!.id });
    expect(await prepared()).toEqual(before);
  });
});
