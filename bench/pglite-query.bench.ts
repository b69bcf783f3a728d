// What an unnamed statement costs on the embedded database through drizzle, with the parsers
// drizzle passes per query (PGlite copies all of its own, over 300, to merge them) and with them
// adopted once by the engine (adoptSessionParsers, docs/decisions/032). One caller at a time,
// in this process: a one-row read by primary key, drizzle's query builder (array rows) and its
// execute (object rows), each the median of BENCH_ROUNDS rounds of BENCH_QUERIES queries.
// Run: flock /tmp/agritools-heavy.lock npx tsx bench/pglite-query.bench.ts
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { adoptSessionParsers } from '../src/server/db/pglite-statements.ts';
import { median, printTable } from './lib.ts';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const items = pgTable('items', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
});

async function engine(adopt: boolean) {
  const client = new PGlite();
  await client.exec(`create table items (id int primary key, name text not null, at timestamptz not null);
    insert into items select g, 'item ' || g, now() from generate_series(1, 1000) g`);
  const db = drizzle(client);
  if (adopt) adoptSessionParsers(client, [db._.session]);
  return { client, db };
}

type Db = Awaited<ReturnType<typeof engine>>['db'];

const engines = {
  'per query (drizzle as it comes)': await engine(false),
  'adopted once': await engine(true),
};
const kinds = {
  'select by id (query builder)': (db: Db, id: number) => db.select().from(items).where(eq(items.id, id)),
  'execute by id (raw SQL)': (db: Db, id: number) => db.execute(sql`select * from items where id = ${id}`),
};

const rows = [];
for (const [kind, run] of Object.entries(kinds)) {
  const rounds: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternated round by round, so that a machine that slows down slows both.
    for (const [parsers, { db }] of Object.entries(engines)) {
      const started = performance.now();
      for (let i = 0; i < QUERIES; i += 1) await run(db, (i % 1000) + 1);
      (rounds[parsers] ??= []).push(((performance.now() - started) * 1000) / QUERIES);
    }
  }
  for (const [parsers, times] of Object.entries(rounds))
    rows.push({ query: kind, parsers, 'µs per query (median round)': Math.round(median(times)) });
}
printTable(
  `PGlite through drizzle, one caller, ${ROUNDS} rounds of ${QUERIES.toLocaleString('en')} queries`,
  rows,
);
for (const { client } of Object.values(engines)) await client.close();
