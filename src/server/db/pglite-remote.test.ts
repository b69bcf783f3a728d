import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, integer, interval, jsonb, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteEngine } from './pglite-remote.ts';

const samples = pgTable('samples', {
  n: integer('n').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
  price: numeric('price').notNull(),
  doc: jsonb('doc').notNull(),
});

const table = `
  create table samples (n int not null, at timestamptz not null, day date not null,
                        span interval not null, price numeric not null, doc jsonb not null);
  insert into samples values (7, '2026-11-26 05:00:00+00', '2026-11-26', '2 days', 12.50, '{"a":[1,2]}')`;

// Two engines with the same row: one on this thread, read by drizzle as it comes; one on a
// thread of its own, as the shop runs it.
let here: PGlite;
let remote: RemoteEngine;
beforeAll(async () => {
  here = new PGlite();
  remote = new RemoteEngine({ kind: 'pglite-memory' });
  await remote.waitReady;
  await here.exec(table);
  for (const statement of table.split(';')) await remote.query(statement);
}, 60_000);
afterAll(async () => {
  await here?.close();
  await remote?.close();
});

it("reads every value on the engine's thread as drizzle's own parsers do on this one, in a transaction too", async () => {
  const asItComes = drizzle(here);
  const db = drizzle(remote as unknown as PGlite);

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
}, 60_000);

describe("the engine's thread", () => {
  it('commits a transaction that returns and rolls back one that throws, and others wait for it to end', async () => {
    await remote.query('create table tallies (n int primary key)');
    await remote.transaction(async (tx) => {
      await tx.query('insert into tallies values (1)');
    });
    const failure = new Error('the shop changed its mind');
    let readDuring: Promise<unknown> | undefined;
    await expect(
      remote.transaction(async (tx) => {
        await tx.query('insert into tallies values (2)');
        // A statement outside the transaction waits for it, and then sees only what was committed.
        readDuring = remote.query('select n from tallies order by n');
        await tx.query('insert into tallies values (3)');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await readDuring).toMatchObject({ rows: [{ n: 1 }] });
    expect((await remote.query('select n from tallies order by n')).rows).toEqual([{ n: 1 }]);
  });

  it("hands PostgreSQL's error fields to the shop's thread", async () => {
    await remote.query('create table uniques (n int constraint one_n primary key)');
    await remote.query('insert into uniques values (1)');
    await expect(remote.query('insert into uniques values (1)')).rejects.toMatchObject({
      message: expect.stringContaining('duplicate key'),
      code: '23505',
      constraint: 'one_n',
    });
    // The engine is usable after the error, in a transaction too.
    expect(await remote.transaction((tx) => tx.query('select 2 as n'))).toMatchObject({ rows: [{ n: 2 }] });
  });

  it('calls each listener of a channel with each notification until that listener stops', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await remote.listen('tally_changes', (payload) => first.push(payload));
    const stopSecond = await remote.listen('tally_changes', (payload) => second.push(payload));
    await remote.query("select pg_notify('tally_changes', 'one')");
    await expect.poll(() => [first, second]).toEqual([['one'], ['one']]);
    await stopFirst();
    await remote.query("select pg_notify('tally_changes', 'two')");
    await expect.poll(() => second).toEqual(['one', 'two']);
    await stopSecond();
    await remote.query("select pg_notify('tally_changes', 'three')");
    await remote.query('select 1');
    expect([first, second]).toEqual([['one'], ['one', 'two']]);
  });

  it('refuses calls once closed', async () => {
    const engine = new RemoteEngine({ kind: 'pglite-memory' });
    await engine.waitReady;
    await engine.close();
    await expect(engine.query('select 1')).rejects.toThrow(/stopped/);
  }, 60_000);
});
