import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { projectRoot } from '../lib/project-root.ts';

/** Both drivers give this type; repositories are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of either driver (`db.transaction`'s callback gets one). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a raw `db.execute(sql...)`, whichever driver answered. */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

const dialect = new PgDialect();

/**
 * Per handle, the database whose named statements keep one plan made without their values. On
 * PostgreSQL it is a pool of its own because `plan_cache_mode` is a connection's setting and it
 * applies to unnamed statements too: on the main pool every statement stays planned with its
 * values. PGlite, one connection, sets it around each such statement (pglite-statements.ts).
 */
const planOnceDbs = new WeakMap<Db, Db>();

/**
 * `db.execute(query)` as a named statement planned once: on PostgreSQL each
 * connection parses it once and keeps one plan made without its values, instead of parsing
 * and planning it on every call. Only for statements whose best plan cannot hang on their
 * values (docs/decisions/020-catalogue-search.md). The name is a hash of the text, so every
 * distinct text is its own statement. PGlite does the same on its one connection.
 */
export function executePrepared(db: Db, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  return (planOnceDbs.get(db) ?? db)._.session
    .prepareQuery(built, undefined, statementName(built.sql), false)
    .execute();
}

/**
 * The names given to statement texts so far. A search's text is kilobytes long, and hashing it
 * anew on every call took 2–3 % of a search's CPU on the embedded database (a CPU profile under
 * bench/catalogue-load.bench.ts); a text is looked up here in a fraction of that. The shop's
 * statements come in fewer shapes than MAX_REMEMBERED_NAMES (as many as PGlite keeps by name),
 * a few kilobytes each; past it the map starts again, so no run of odd shapes grows it for good.
 */
const statementNames = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 200;

/** A statement's name: a hash of its text, so every distinct text is its own statement. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (statementNames.size >= MAX_REMEMBERED_NAMES) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Apply pending migrations (idempotent; serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, and with none whenever
   * notifications may have been missed, as after a lost connection; resolves to a function
   * that stops listening.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  /**
   * The embedded database only, which has neither autovacuum nor a checkpointer: vacuums and
   * analyses the tables whose changes since the last time pass PostgreSQL's autovacuum
   * thresholds, and checkpoints once a WAL segment's worth has been written since the last
   * checkpoint (pglite-client.ts). app.ts runs it now and then.
   */
  maintain?: () => Promise<MaintenanceRound>;
  close(): Promise<void>;
}

/** What one round of the embedded database's maintenance did. */
export interface MaintenanceRound {
  /** The tables vacuumed or analysed. */
  tables: string[];
  /** The bytes of WAL written since the last checkpoint, when this round checkpointed; else 0. */
  checkpointedWalBytes: number;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

const migrationsFolder = () => join(projectRoot(), 'src/server/db/migrations');

/** Arbitrary constant: every instance takes this advisory lock while migrating. */
const MIGRATION_LOCK_KEY = 724_019;

/**
 * Connections each PostgreSQL pool keeps open however long the shop sits idle; the others close
 * after pg's 10 idle seconds. A new connection is a new PostgreSQL backend, whose first
 * statements cost tens of milliseconds more than a warm one's (docs/decisions/036): without
 * these, a shop whose visitors come more than 10 seconds apart paid that on nearly every request.
 */
export const WARM_CONNECTIONS = 4;

/** pg.Pool settings for a pool of at most `max` connections to `url`. */
const poolSettings = (url: string, max: number): pg.PoolConfig => ({
  connectionString: url,
  max,
  min: Math.min(WARM_CONNECTIONS, max),
  // A connection may now sit idle for hours: TCP keep-alive stops a firewall or NAT between
  // the shop and PostgreSQL from forgetting it, which would leave the next query hanging.
  keepAlive: true,
  keepAliveInitialDelayMillis: 60_000,
});

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const max = target.poolSize ?? 10;
    const pool = new pg.Pool(poolSettings(target.url, max));
    // Only executePrepared's statements run here. An `options` in the connection string
    // replaces this one; they are then planned as PostgreSQL's plan cache decides.
    const planOncePool = new pg.Pool({
      ...poolSettings(target.url, max),
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    for (const each of [pool, planOncePool]) each.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    planOnceDbs.set(db, drizzlePg(planOncePool, { schema }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      listen: (channel, onNotify) => listenOnPostgres(target.url, channel, onNotify),
      close: async () => {
        await Promise.all([pool.end(), planOncePool.end()]);
      },
    };
  }

  // The embedded engine (its JavaScript and, when opened, its WebAssembly) is loaded only when
  // it is used: a server on PostgreSQL never holds it (docs/decisions/016).
  const { openPglite } = await import('./pglite-client.ts');
  const { handle, planOnceDb } = await openPglite(target, migrationsFolder());
  planOnceDbs.set(handle.db, planOnceDb);
  return handle;
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed back). A lost connection
 * counts as a missed notification and is reopened a second later.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload?: string) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const reopen = () => {
    if (stopped || retry) return;
    onNotify();
    retry = setTimeout(() => {
      retry = undefined;
      void open().catch(reopen);
    }, 1_000);
    retry.unref();
  };
  const open = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    next.on('error', () => undefined);
    next.on('end', reopen);
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) await next.end();
    else client = next;
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
