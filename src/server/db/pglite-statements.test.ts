import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, integer, interval, jsonb, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { adoptSessionParsers } from './pglite-statements.ts';

const samples = pgTable('samples', {
  n: integer('n').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
  price: numeric('price').notNull(),
  doc: jsonb('doc').notNull(),
});

// Two engines with the same row: one read by drizzle as it comes, one with its parsers adopted.
let plain: PGlite;
let adopting: PGlite;
beforeAll(async () => {
  [plain, adopting] = [new PGlite(), new PGlite()];
  for (const client of [plain, adopting])
    await client.exec(`
      create table samples (n int not null, at timestamptz not null, day date not null,
                            span interval not null, price numeric not null, doc jsonb not null);
      insert into samples values (7, '2026-11-26 05:00:00+00', '2026-11-26', '2 days', 12.50, '{"a":[1,2]}')`);
}, 60_000);
afterAll(async () => {
  await plain?.close();
  await adopting?.close();
});

it("passes PGlite no parsers with a query, in a transaction too, and reads every value as drizzle's own parsers do", async () => {
  const asItComes = drizzle(plain);
  const db = drizzle(adopting);
  adoptSessionParsers(adopting, [db._.session]);

  // The options each query of the adopting engine was given, in a transaction or not.
  const given: Array<QueryOptions | undefined> = [];
  const query = adopting.query.bind(adopting);
  vi.spyOn(adopting, 'query').mockImplementation((text, params, options) => {
    given.push(options);
    return query(text, params, options);
  });
  const transaction = adopting.transaction.bind(adopting);
  vi.spyOn(adopting, 'transaction').mockImplementation((run) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (text, params, options) => {
        given.push(options);
        return txQuery(text, params, options);
      };
      return run(tx);
    }),
  );

  const selected = await asItComes.select().from(samples);
  const raw = await asItComes.execute(sql`select * from samples`);
  expect(selected).toEqual([
    {
      n: 7,
      at: '2026-11-26 05:00:00+00',
      day: '2026-11-26',
      span: '2 days',
      price: '12.50',
      doc: { a: [1, 2] },
    },
  ]);
  expect(await db.select().from(samples)).toEqual(selected);
  expect((await db.execute(sql`select * from samples`)).rows).toEqual(raw.rows);
  expect(await db.transaction((tx) => tx.select().from(samples))).toEqual(selected);
  expect(await db.transaction(async (tx) => (await tx.execute(sql`select * from samples`)).rows)).toEqual(
    raw.rows,
  );

  expect(given.length).toBeGreaterThanOrEqual(4);
  for (const options of given) expect(options?.parsers).toBeUndefined();
}, 60_000);
