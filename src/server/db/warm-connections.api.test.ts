import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openTestDatabase } from '../../../tests/support/test-database.ts';
import { executePrepared, openDatabase, rowsOf, WARM_CONNECTIONS, type DatabaseHandle } from './client.ts';

// A new PostgreSQL connection is a new backend, whose first statements are slow: each pool
// keeps WARM_CONNECTIONS open however long the shop sits idle, and lets the others go after
// pg's idle timeout (docs/decisions/036). The idle timeout is pg-pool's timer, so the test
// moves the clock instead of waiting.

describe.runIf(process.env.TEST_DB === 'postgres')('connections to PostgreSQL', () => {
  let database: DatabaseHandle & { url?: string };
  let shop: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    shop = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 10 });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await shop?.close();
    await database?.close();
  });

  /** The backends that answer `count` statements sent at once (each takes a connection). */
  const backends = async (run: (query: SQL) => Promise<unknown>, count: number) => {
    const answers = await Promise.all(
      Array.from({ length: count }, () => run(sql`select pg_backend_pid() as pid`)),
    );
    return new Set(answers.map((answer) => rowsOf<{ pid: number }>(answer)[0]!.pid));
  };

  it.each([
    ['the main pool', (query: SQL) => shop.db.execute(query)],
    ['the pool of statements planned once', (query: SQL) => executePrepared(shop.db, query)],
  ])('%s keeps its warm connections through an idle hour and lets the others go', async (_, run) => {
    const busy = await backends(run, WARM_CONNECTIONS + 2);
    expect(busy.size).toBe(WARM_CONNECTIONS + 2);

    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);

    // The warm connections answer the next visitors: no new backend.
    const later = await backends(run, WARM_CONNECTIONS);
    expect(later.size).toBe(WARM_CONNECTIONS);
    expect([...later].every((pid) => busy.has(pid))).toBe(true);
    // The two beyond them were closed: five statements at once need one new backend.
    const more = await backends(run, WARM_CONNECTIONS + 1);
    expect([...more].filter((pid) => !busy.has(pid))).toHaveLength(1);
  });
});
