import fs, { existsSync, mkdtempSync, readlinkSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { insertSeedDrills, wordOfThisRun } from '../../../tests/factories/products.ts';
import { openDatabase } from './client.ts';
import { pgliteDataBytes, sharedBuffersMb, SHARED_BUFFERS_MB } from './pglite-settings.ts';
import { pgliteOnFolder } from './pglite-synced-fs.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'agritools-pglite-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
/** Rows of a raw query (PGlite answers { rows }). */
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
/**
 * The engine on the shop's folder opened on this thread, as its own thread opens it
 * (pglite-thread.ts), so that the file calls it makes can be watched here.
 */
async function openOnThisThread() {
  const client = pgliteOnFolder(join(dataDir, 'pglite'));
  await client.waitReady;
  return { db: drizzle(client) as unknown as Db, close: () => client.close() };
}
const setting = async (db: Db, name: string) =>
  (await rows<{ value: string }>(db, sql`select current_setting(${name}) as value`))[0]?.value;

describe('the embedded database', () => {
  it('is created on a new folder (in a child process) and opened with settings for one small shop', async () => {
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(false);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(await setting(database.db, 'shared_buffers')).toBe('16MB');
      expect(await setting(database.db, 'work_mem')).toBe('2MB');
      expect(await setting(database.db, 'max_wal_size')).toBe('128MB');
      await database.migrate();
    } finally {
      await database.close();
    }
    // Opened again, it is the same database.
    const again = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const tables = await rows<{ name: string }>(
        again.db,
        sql`select tablename as name from pg_tables where schemaname = 'public'`,
      );
      expect(tables.map((row) => row.name)).toContain('products');
    } finally {
      await again.close();
    }
  }, 180_000);

  it('syncs each commit to disk before answering it, and the files a checkpoint wrote', async () => {
    const folder = join(dataDir, 'pglite');
    const database = await openOnThisThread();
    // Every fsync the process makes, by the path of the file (under the folder) it synced.
    const synced: string[] = [];
    const fsyncSync = fs.fsyncSync;
    const watch = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      synced.push(relative(folder, readlinkSync(`/proc/self/fd/${fd}`)));
      fsyncSync(fd);
    });
    try {
      expect(await setting(database.db, 'fsync')).toBe('on');
      await database.db.execute(sql`create table synced_rows (id int primary key)`);
      synced.length = 0;
      await database.db.execute(sql`insert into synced_rows values (1)`);
      // The insert's commit answered after its WAL reached the disk.
      expect(synced).toContainEqual(expect.stringMatching(/^pg_wal\/[0-9A-F]{24}$/));

      synced.length = 0;
      const [table] = await rows<{ file: string }>(
        database.db,
        sql`select pg_relation_filepath('synced_rows') as file`,
      );
      await database.db.execute(sql`checkpoint`);
      // The checkpoint synced the table's file it had written, and the control file that then
      // says replay may start after it.
      expect(synced).toContain(table!.file);
      expect(synced).toContain('global/pg_control');
    } finally {
      watch.mockRestore();
      await database.close();
    }
  }, 180_000);

  it("knows each file's size without asking the file each time, as the table grows and shrinks", async () => {
    const folder = join(dataDir, 'pglite');
    const database = await openOnThisThread();
    const watch = vi.spyOn(fs, 'fstatSync');
    /**
     * The table's length in bytes as PostgreSQL counts it (ANALYZE asks the storage for its
     * blocks, by seeking to the file's end), and its file's on disk.
     */
    const sizes = async () => {
      await database.db.execute(sql`analyze sized_rows`);
      const [row] = await rows<{ file: string; pages: number }>(
        database.db,
        sql`select pg_relation_filepath('sized_rows') as file, relpages as pages from pg_class where relname = 'sized_rows'`,
      );
      return { postgres: row!.pages * 8192, disk: fs.statSync(join(folder, row!.file)).size };
    };
    try {
      await database.db.execute(sql`create table sized_rows (id int primary key, note text)`);
      const grow = (from: number) =>
        database.db.execute(
          sql`insert into sized_rows select n, repeat('x', 200) from generate_series(${from}::int, ${from + 4_999}::int) n`,
        );
      await grow(1);
      const grown = await sizes();
      expect(grown.postgres).toBeGreaterThan(8192 * 100);
      expect(grown.postgres).toBe(grown.disk);

      // Reading the whole table again and again asks its file's size once, not each time.
      await rows(database.db, sql`select count(*) from sized_rows`);
      watch.mockClear();
      for (let i = 0; i < 20; i += 1) await rows(database.db, sql`select count(*) from sized_rows`);
      expect(watch.mock.calls.length).toBeLessThan(5);

      // VACUUM gives the emptied end of the table back to the disk: the file is truncated.
      await database.db.execute(sql`delete from sized_rows where id > 100`);
      await database.db.execute(sql`vacuum sized_rows`);
      const shrunk = await sizes();
      expect(shrunk.postgres).toBeLessThan(grown.postgres / 10);
      expect(shrunk.postgres).toBe(shrunk.disk);

      await grow(10_001);
      const again = await sizes();
      expect(again.postgres).toBe(again.disk);
      expect(await rows(database.db, sql`select count(*)::int as n from sized_rows`)).toEqual([{ n: 5_100 }]);
    } finally {
      watch.mockRestore();
      await database.close();
    }
    // Opened again, it holds every row the sizes said it had.
    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await rows(reopened.db, sql`select count(*)::int as n from sized_rows`)).toEqual([{ n: 5_100 }]);
    } finally {
      await reopened.close();
    }
  }, 180_000);

  it('gives a larger catalogue buffers for half its tables and indexes, within bounds', async () => {
    // A folder grown to 90 MB of tables and indexes (a sparse file stands in for them: the
    // engine ignores a file it does not know, and its size is what is read at start).
    const filler = join(dataDir, 'pglite', 'base', 'grown-catalogue');
    writeFileSync(filler, '');
    truncateSync(filler, 90 * 1024 * 1024);
    try {
      const bytes = pgliteDataBytes(join(dataDir, 'pglite'));
      expect(bytes).toBeGreaterThan(90 * 1024 * 1024);
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        // Half the folder's bytes, more than the least (16 MB) and less than the most (64 MB).
        expect(await setting(database.db, 'shared_buffers')).toBe(`${Math.ceil(bytes / 2 / 1024 / 1024)}MB`);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(filler);
    }
    expect(sharedBuffersMb(0)).toBe(SHARED_BUFFERS_MB.least);
    expect(sharedBuffersMb(100 * 1024 * 1024)).toBe(50);
    expect(sharedBuffersMb(10 * 1024 * 1024 * 1024)).toBe(SHARED_BUFFERS_MB.most);
    expect(pgliteDataBytes(join(dataDir, 'no-such-folder'))).toBe(0);
  }, 180_000);

  it("vacuums and analyses the tables whose changes pass autovacuum's thresholds, and only those", async () => {
    const database = await openDatabase({ kind: 'pglite-memory' });
    const productsStats = async () => {
      await database.db.execute(sql`select pg_stat_force_next_flush()`);
      return (
        await rows<{ dead: number; analysed: boolean }>(
          database.db,
          sql`select n_dead_tup::int as dead, last_analyze is not null as analysed
              from pg_stat_user_tables where relname = 'products'`,
        )
      )[0];
    };
    try {
      await database.migrate();
      await database.maintain!();
      const word = wordOfThisRun();
      await insertSeedDrills(database.db, word, 300);
      // 300 new rows: more than 50 and a tenth changed, analysed; fewer than 1,000 inserted, not vacuumed.
      expect((await database.maintain!()).tables).toContain('products');
      expect(await productsStats()).toEqual({ dead: 0, analysed: true });
      expect((await database.maintain!()).tables).not.toContain('products');

      await database.db.execute(
        sql`delete from products where name like ${`Seed Drill ${word} %`} and price_cents >= 1100`,
      );
      expect(await productsStats()).toMatchObject({ dead: 200 });
      expect((await database.maintain!()).tables).toContain('products');
      expect(await productsStats()).toMatchObject({ dead: 0 });
      expect((await database.maintain!()).tables).toEqual([]);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('checkpoints once more than a WAL segment has been written since the last checkpoint', async () => {
    const database = await openDatabase({ kind: 'pglite-memory' });
    const wal = async () =>
      (
        await rows<{ since: number; segment: number }>(
          database.db,
          sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as since,
                     (select setting::float8 from pg_settings where name = 'wal_segment_size') as segment
              from pg_control_checkpoint()`,
        )
      )[0]!;
    try {
      await database.migrate();
      await database.maintain!();
      // Writes smaller than a segment wait for the next round.
      await database.db.execute(sql`create table wal_filler (id int primary key, text text not null)`);
      await database.db.execute(
        sql`insert into wal_filler select g, repeat('x', 100) from generate_series(1, 1000) g`,
      );
      const small = await wal();
      expect(small.since).toBeGreaterThan(0);
      expect(small.since).toBeLessThan(small.segment);
      expect((await database.maintain!()).checkpointedWalBytes).toBe(0);
      expect((await wal()).since).toBeGreaterThanOrEqual(small.since);

      // A segment and a half of rows: the round checkpoints, and what was written since the
      // last checkpoint (all of it replayed after a crash) is back to almost nothing.
      await database.db.execute(
        sql`insert into wal_filler select g, repeat('y', 1000) from generate_series(1001, 1000 + ${Math.ceil((1.5 * small.segment) / 1000)}) g`,
      );
      const large = await wal();
      expect(large.since).toBeGreaterThan(large.segment);
      const round = await database.maintain!();
      expect(round.checkpointedWalBytes).toBeGreaterThanOrEqual(large.since);
      expect((await wal()).since).toBeLessThan(64 * 1024);
      expect((await database.maintain!()).checkpointedWalBytes).toBe(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});
