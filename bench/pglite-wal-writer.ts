// The writer of bench/pglite-wal.bench.ts, in a process of its own so that the bench can kill it
// as a crash would. Opens the shop's embedded database in the folder given, writes rows until
// the given megabytes of WAL have been written, then, with `maintain`, vacuums those rows and
// times the shop's maintenance round, which then checkpoints. Prints one line of JSON and waits
// to be killed.
// Run by the bench: node --import tsx bench/pglite-wal-writer.ts <DATA_DIR> <MB> [maintain]
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';

const [dataDir, megabytes, mode] = process.argv.slice(2);
if (!dataDir || !megabytes) throw new Error('usage: pglite-wal-writer.ts <DATA_DIR> <MB> [maintain]');
const database = await openDatabase({ kind: 'pglite', dataDir });
const walSince = async (from: string) =>
  Number(
    (
      (await database.db.execute(
        sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${from}::pg_lsn)::float8 as bytes`,
      )) as unknown as {
        rows: Array<{ bytes: number }>;
      }
    ).rows[0]!.bytes,
  );
const lsn = async () =>
  (
    (await database.db.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as {
      rows: Array<{ lsn: string }>;
    }
  ).rows[0]!.lsn;

// WAL is written here in bulk, rows of a table of its own rewritten 10,000 at a time: the
// replay's cost is in the bytes, and the shop's own writes (orders, sessions, mails) would take
// hours to write as many.
await database.db.execute(sql`create table wal_filler (id int primary key, text text not null)`);
await database.db.execute(sql`insert into wal_filler select g, '' from generate_series(1, 10000) g`);
const start = await lsn();
for (let round = 0; (await walSince(start)) < Number(megabytes) * 1024 * 1024; round += 1)
  await database.db.execute(sql`update wal_filler set text = repeat(${String(round % 10)}, 500)`);

let maintainMs: number | undefined;
let checkpointedMb: number | undefined;
if (mode === 'maintain') {
  // Vacuumed first, so that the round's time is its checkpoint's.
  await database.db.execute(sql`vacuum wal_filler`);
  const began = performance.now();
  const round = await database.maintain!();
  maintainMs = performance.now() - began;
  checkpointedMb = round.checkpointedWalBytes / 1024 / 1024;
}
process.stdout.write(
  `${JSON.stringify({ writtenMb: (await walSince(start)) / 1024 / 1024, maintainMs, checkpointedMb })}\n`,
);
setInterval(() => {}, 60_000);
