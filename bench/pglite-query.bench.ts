// What an unnamed statement costs on the embedded database through drizzle: PGlite on this
// thread as drizzle uses it (with the parsers drizzle passes per query, which PGlite merges into
// a copy of all of its own, over 300), and the engine on a thread of its own as the shop runs it
// (RemoteEngine: those types kept as text once, each statement a message there and back;
// docs/decisions/032 and 040). One caller at a time: a one-row read by primary key, drizzle's
// query builder (array rows) and its execute (object rows), each the median of BENCH_ROUNDS
// rounds of BENCH_QUERIES queries.
// Run: flock /tmp/agritools-heavy.lock npx tsx bench/pglite-query.bench.ts
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { RemoteEngine } from '../src/server/db/pglite-remote.ts';
import { median, printTable } from './lib.ts';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const items = pgTable('items', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
});

const table = `create table items (id int primary key, name text not null, at timestamptz not null);
  insert into items select g, 'item ' || g, now() from generate_series(1, 1000) g`;

async function onThisThread() {
  const client = new PGlite();
  await client.exec(table);
  return { db: drizzle(client), close: () => client.close() };
}

async function onItsOwnThread() {
  const engine = new RemoteEngine({ kind: 'pglite-memory' });
  await engine.waitReady;
  for (const statement of table.split(';')) await engine.query(statement);
  return { db: drizzle(engine as unknown as PGlite), close: () => engine.close() };
}

type Db = Awaited<ReturnType<typeof onThisThread>>['db'];

const engines = {
  'this thread (drizzle as it comes)': await onThisThread(),
  'its own thread (as the shop runs it)': await onItsOwnThread(),
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
    for (const [engine, { db }] of Object.entries(engines)) {
      const started = performance.now();
      for (let i = 0; i < QUERIES; i += 1) await run(db, (i % 1000) + 1);
      (rounds[engine] ??= []).push(((performance.now() - started) * 1000) / QUERIES);
    }
  }
  for (const [engine, times] of Object.entries(rounds))
    rows.push({ query: kind, engine, 'µs per query (median round)': Math.round(median(times)) });
}
printTable(
  `PGlite through drizzle, one caller, ${ROUNDS} rounds of ${QUERIES.toLocaleString('en')} queries`,
  rows,
);
for (const { close } of Object.values(engines)) await close();
