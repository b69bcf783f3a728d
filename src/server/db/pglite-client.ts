import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import lockfile from 'proper-lockfile';
import type { DatabaseHandle, DatabaseTarget, Db, MaintenanceRound } from './client.ts';
import { RemoteEngine, type EngineClient } from './pglite-remote.ts';
import { namedStatements } from './pglite-statements.ts';
import * as schema from './schema.ts';

// The embedded database (PGlite), opened by openDatabase (client.ts) when no DATABASE_URL is
// set. Loaded on demand, so a server on PostgreSQL never loads it.

export async function openPglite(
  target: Exclude<DatabaseTarget, { kind: 'postgres' }>,
  migrationsFolder: string,
): Promise<{ handle: DatabaseHandle; planOnceDb: Db }> {
  let release: (() => Promise<void>) | undefined;
  let engine: RemoteEngine;
  if (target.kind === 'pglite') {
    const dir = resolve(target.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // Two processes on one PGlite folder lose writes silently (docs/decisions/004): hold an
    // exclusive lock for the life of the process and refuse to start when it is taken.
    try {
      // After a crash the old lock goes stale within 15 s; wait that long before giving up.
      release = await lockfile.lock(dir, {
        stale: 15_000,
        update: 5_000,
        realpath: true,
        retries: { retries: 12, factor: 1, minTimeout: 2_000, maxTimeout: 2_000 },
      });
    } catch (error) {
      throw new Error(
        `The database folder ${dir} is in use by another process (${(error as Error).message}). ` +
          'Stop the other server, or point DATA_DIR elsewhere.',
        { cause: error },
      );
    }
    try {
      if (!existsSync(join(dir, 'PG_VERSION'))) await createPgliteDatabase(dir);
      engine = new RemoteEngine({ kind: 'pglite', dir });
      await engine.waitReady;
    } catch (error) {
      await release?.();
      throw error;
    }
  } else {
    engine = new RemoteEngine({ kind: 'pglite-memory' });
    await engine.waitReady;
  }
  // drizzle's PGlite driver calls only what the engine's client answers (query, transaction).
  const client = engine as unknown as PGlite;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // Named statements are parsed once (pglite-statements.ts); those of client.ts executePrepared
  // run on a database of their own over the same engine and are planned once without their
  // values, as on PostgreSQL's plan-once pool.
  const planOnceDb = drizzlePglite(client, { schema }) as unknown as Db;
  const named = namedStatements(engine);
  named.name(db._.session);
  named.name(planOnceDb._.session, { withoutValues: true });
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async listen(channel, onNotify) {
      // The engine calls listeners as the notifying statement completes.
      const stop = await engine.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!engine.closed) await stop();
      };
    },
    async close() {
      await engine.close();
      await release?.();
    },
    // Vacuum first: its writes are WAL the checkpoint then covers.
    maintain: async (): Promise<MaintenanceRound> => ({
      tables: await vacuumWhereDue(engine),
      checkpointedWalBytes: await checkpointWhereDue(engine),
    }),
  };
  return { handle, planOnceDb };
}

/**
 * What PostgreSQL's autovacuum would do now, with its default thresholds: a table is vacuumed
 * when more than 50 rows and a fifth of its live rows are dead, or when more than 1,000 rows
 * and a fifth have been inserted since its last vacuum, and analysed when more than 50 rows
 * and a tenth have changed since its last analysis (https://www.postgresql.org/docs/current/routine-vacuuming.html#AUTOVACUUM).
 * Without it, dead row versions (orders moving through their states, mails sent, sign-in
 * counters) stay in the tables and their indexes for the life of the database.
 */
async function vacuumWhereDue(client: EngineClient): Promise<string[]> {
  // The engine reports its counts at most once a second when it goes idle: report them now.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string; table: string; vacuum_due: boolean }>(
    `select name, "table", vacuum_due from (
       select relname as name, format('%I.%I', schemaname, relname) as "table",
              n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup as vacuum_due,
              n_mod_since_analyze > 50 + 0.1 * n_live_tup as analyze_due
       from pg_stat_user_tables) due
     where vacuum_due or analyze_due
     order by name`,
  );
  for (const { table, vacuum_due } of rows)
    await client.query(vacuum_due ? `vacuum (analyze) ${table}` : `analyze ${table}`);
  return rows.map((row) => row.name);
}

/**
 * A checkpoint once more than one WAL segment has been written since the last one began; the
 * bytes of WAL it covered, or 0 when none was due. PostgreSQL's checkpointer process checkpoints
 * on a schedule (`checkpoint_timeout`) and when WAL passes `max_wal_size`; PGlite is a single
 * backend with no checkpointer, and a lone backend never asks for one (in `XLogWrite` the request
 * is made only under a postmaster). Without this every write since the database was opened
 * stays in `pg_wal` until it is closed, and a restart after a crash replays all of it. After a
 * checkpoint the segments before it are recycled or removed. Below a segment there is nothing
 * to give back and little to replay.
 */
async function checkpointWhereDue(client: EngineClient): Promise<number> {
  const { rows } = await client.query<{ since: string; segment: string }>(
    `select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::bigint::text as since,
            (select setting from pg_settings where name = 'wal_segment_size') as segment
     from pg_control_checkpoint()`,
  );
  const since = Number(rows[0]!.since);
  if (since <= Number(rows[0]!.segment)) return 0;
  await client.query('checkpoint');
  return since;
}

/**
 * Creates a new PGlite database in `dir` in a short-lived child process (pglite-init.ts), so
 * the memory initdb takes is given back when it exits instead of staying with the server.
 */
async function createPgliteDatabase(dir: string): Promise<void> {
  const here = fileURLToPath(import.meta.url);
  const script = join(here, '..', `pglite-init${extname(here)}`);
  // Run from source (tsx, tests), the script is TypeScript: load it the same way.
  const loader = extname(here) === '.ts' ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, script, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) throw new Error(`Creating the database in ${dir} failed (${code}): ${stderr.slice(-2000)}`);
}
