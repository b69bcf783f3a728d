import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../../tests/support/test-database.ts';
import { searchProducts } from '../modules/products/search.repository.ts';
import { executePrepared, openDatabase, rowsOf, type DatabaseHandle } from './client.ts';

// The search's statements are built by code and run often: on PostgreSQL each connection parses
// them once and keeps one plan for them (client.ts executePrepared), instead of parsing and
// planning every search. PGlite runs them as any other statement.

let database: DatabaseHandle & { url?: string };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const sprayers = (word: string) =>
  searchProducts(database.db, { terms: [[{ text: word, prefix: true }]], sort: 'relevance', limit: 25 });

it('answers a prepared statement like a plain one, on either engine', async () => {
  const query = sql`select ${'knapsack'}::text as word, ${3}::int as n`;
  expect(rowsOf(await executePrepared(database.db, query))).toEqual(rowsOf(await database.db.execute(query)));
  expect(rowsOf(await executePrepared(database.db, query))).toEqual([{ word: 'knapsack', n: 3 }]);
  await expect(sprayers('sprayer')).resolves.toEqual([]);
});

describe.runIf(process.env.TEST_DB === 'postgres')('on PostgreSQL', () => {
  // One connection, so the statements this test prepares are the ones it can see.
  let single: DatabaseHandle;
  beforeAll(async () => {
    single = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 1 });
  });
  afterAll(() => single?.close());

  it('prepares a search once per connection, whatever the words', async () => {
    for (const word of ['sprayer', 'hoe', 'knapsack', 'sickle'])
      await searchProducts(single.db, {
        terms: [[{ text: word, prefix: true }]],
        sort: 'relevance',
        limit: 25,
      });
    const statements = rowsOf<{ name: string; generic_plans: string; custom_plans: string }>(
      await single.db.execute(
        sql`select name, generic_plans, custom_plans from pg_prepared_statements where name like 'q\_%'`,
      ),
    );
    // The first page by relevance is one statement: four searches, one statement parsed once
    // and run four times (PostgreSQL's plan cache chose each run's plan).
    expect(statements).toHaveLength(1);
    expect(Number(statements[0]!.generic_plans) + Number(statements[0]!.custom_plans)).toBe(4);
  });
});
