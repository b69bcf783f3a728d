import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openTestDatabase } from '../../../tests/support/test-database.ts';
import { randomUUID } from 'node:crypto';
import { findProduct } from '../modules/products/products.repository.ts';
import { searchProducts, type SearchRequest } from '../modules/products/search.repository.ts';
import { executePrepared, openDatabase, rowsOf, type DatabaseHandle } from './client.ts';
import { MAX_NAMED_STATEMENTS } from './pglite-statements.ts';

// Searches of words are run often and their best plan does not hang on the values: on
// PostgreSQL they run on connections of their own, each parsing them once and keeping one plan
// made without the values (client.ts executePrepared). Searches with a category or a price
// range are planned with their values every time, because there the values decide which index
// is right (docs/decisions/020-catalogue-search.md). PGlite, one connection, parses every
// statement with a name once (pglite-statements.ts, docs/decisions/032).

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

it('answers every kind of value, null and a count of rows as a plain statement does', async () => {
  const id = randomUUID();
  const query = sql`
    select ${'knapsack'}::text as word, ${3}::int as n, ${true}::boolean as yes, null::text as nothing,
           ${id}::uuid as id, 12.50::numeric as price, ${'{"a":[1,2]}'}::jsonb as doc,
           array['a', 'b'] as letters, ${'2026-11-26T05:00:00Z'}::timestamptz as at`;
  const plain = rowsOf(await database.db.execute(query));
  expect(rowsOf(await executePrepared(database.db, query))).toEqual(plain);
  expect(plain[0]).toMatchObject({
    word: 'knapsack',
    n: 3,
    yes: true,
    nothing: null,
    id,
    doc: { a: [1, 2] },
  });
  expect(rowsOf(await executePrepared(database.db, sql`select 1 as n where false`))).toEqual([]);
});

describe.runIf(process.env.TEST_DB !== 'postgres')('on PGlite', () => {
  // PGlite is one connection: the statements it holds are the ones this file prepared.
  const held = async () =>
    rowsOf<{ name: string; plans: number }>(
      await database.db.execute(
        sql`select name, (generic_plans + custom_plans)::int as plans from pg_prepared_statements`,
      ),
    );

  it('parses a statement with a name once and runs it by that name after', async () => {
    await findProduct(database.db, randomUUID());
    await findProduct(database.db, randomUUID());
    await findProduct(database.db, randomUUID());
    expect((await held()).find(({ name }) => name === 'product_by_id')).toEqual({
      name: 'product_by_id',
      plans: 3,
    });
  });

  it('waits for a transaction that is open, and does not read what it rolls back', async () => {
    const query = sql`select word from transaction_probe`;
    await database.db.execute(sql`create table transaction_probe (word text)`);
    await database.db.execute(sql`insert into transaction_probe values ('before')`);
    let rollBack!: () => void;
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update transaction_probe set word = 'uncommitted'`);
        written();
        await new Promise<void>((resolve) => (rollBack = resolve));
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    await wrote;
    // Asked while the transaction is open: on one connection it would read the transaction's
    // own write, were it not kept waiting until the transaction ends.
    const read = executePrepared(database.db, query);
    rollBack();
    expect(await transaction).toBe('rolled back');
    expect(rowsOf(await read)).toEqual([{ word: 'before' }]);
  });

  it('stays ready after a statement fails', async () => {
    const number = (text: string) => executePrepared(database.db, sql`select ${text}::int as n`);
    await expect(number('seven')).rejects.toMatchObject({ cause: { code: '22P02' } });
    await expect(number('7')).resolves.toMatchObject({ rows: [{ n: 7 }] });
    await expect(database.db.transaction((tx) => tx.execute(sql`select 1 as n`))).resolves.toMatchObject({
      rows: [{ n: 1 }],
    });
  });

  it(`keeps at most ${MAX_NAMED_STATEMENTS} statements, and runs any more as plain ones`, async () => {
    // A database of its own: the statements of the other tests stay out of the count.
    const own = await openDatabase({ kind: 'pglite-memory' });
    try {
      for (let n = 0; n < MAX_NAMED_STATEMENTS + 5; n += 1)
        expect(rowsOf(await executePrepared(own.db, sql.raw(`select ${n} as n`)))).toEqual([{ n }]);
      const [{ count }] = rowsOf<{ count: number }>(
        await own.db.execute(sql`select count(*)::int as count from pg_prepared_statements`),
      ) as [{ count: number }];
      expect(count).toBe(MAX_NAMED_STATEMENTS);
    } finally {
      await own.close();
    }
  });
});

describe('searches of words', () => {
  // One connection, so the statements this test prepares are the ones it can see: on
  // PostgreSQL a pool of one, and PGlite is one connection.
  let single: DatabaseHandle;
  beforeAll(async () => {
    single = database.url
      ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 })
      : database;
  });
  afterAll(() => (single === database ? undefined : single?.close()));

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
    // (On PGlite, the first test's search ran on this connection already.)
    const before = new Map((await prepared()).map((row) => [row.name, Number(row.generic_plans)]));
    for (const word of ['sprayer', 'hoe', 'knapsack', 'sickle']) await searchProducts(single.db, words(word));
    const statements = await prepared();
    // The first page by relevance is one statement: four searches, one statement, one plan
    // reused four times and no plan made for the words of one search.
    expect(statements).toHaveLength(1);
    expect(Number(statements[0]!.generic_plans) - (before.get(statements[0]!.name) ?? 0)).toBe(4);
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
