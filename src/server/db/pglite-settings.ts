import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const MB = 1024 * 1024;

/**
 * The bounds of `shared_buffers` on the embedded database (docs/decisions/016): at least enough
 * for a small shop's whole catalogue and recent orders, at most what a large catalogue's hot
 * indexes and rows need (searches at 100,000 products gained nothing past 64 MB).
 */
export const SHARED_BUFFERS_MB = { least: 16, most: 64 } as const;

/**
 * `shared_buffers` for a database whose tables and indexes take `dataBytes`: half of them,
 * within SHARED_BUFFERS_MB. Each block PostgreSQL finds outside its buffers is read through
 * PGlite's file layer, which costs far more than on a native server: at 100,000 products a
 * search took a third less of the process's CPU with 64 MB than with 16.
 */
export function sharedBuffersMb(dataBytes: number): number {
  const half = Math.ceil(dataBytes / 2 / MB);
  return Math.min(SHARED_BUFFERS_MB.most, Math.max(SHARED_BUFFERS_MB.least, half));
}

/** The bytes of every file under a PGlite folder's subfolder `name`, or 0 when it is not there. */
export function pgliteFolderBytes(dir: string, name: string): number {
  let total = 0;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) total += statSync(path).size;
    }
  };
  try {
    walk(join(dir, name));
  } catch {
    // No database yet (initdb runs first).
  }
  return total;
}

/**
 * The bytes of every table and index file under a PGlite folder (its `base` directory); 0 for a
 * new folder, which gets the least buffers.
 */
export function pgliteDataBytes(dir: string): number {
  return pgliteFolderBytes(dir, 'base');
}

/**
 * PostgreSQL settings for the embedded database (docs/decisions/016). PGlite is one backend
 * inside this process, so PostgreSQL's defaults, sized for a server with many connections and
 * its own memory, cost the shop's process directly: shared_buffers alone defaults to 128 MB of
 * WebAssembly memory, all of it resident once touched. A small shop's catalogue and orders fit
 * in 16 MB; a larger catalogue gets buffers for half its size, up to 64 MB, sized at each start
 * from the folder's tables and indexes (`dataBytes`, 0 for a new or in-memory database).
 */
export function pgliteStartParams(dataBytes = 0): string[] {
  return [
    // PGlite starts PostgreSQL with -F (fsync off); the shop syncs commits to disk
    // (docs/decisions/037): PostgreSQL's default, fsync on, and a sync method that reaches the
    // file system's fsync (pglite-synced-fs.ts). Emscripten's fdatasync, PostgreSQL's default
    // method on Linux, does nothing at all.
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    '-c',
    'wal_sync_method=fsync',
    '-c',
    `shared_buffers=${sharedBuffersMb(dataBytes)}MB`,
    '-c',
    'work_mem=2MB',
    '-c',
    'maintenance_work_mem=16MB',
    '-c',
    'temp_buffers=2MB',
    '-c',
    'wal_buffers=1MB',
    // PGlite never checkpoints on WAL volume; the maintenance round does (pglite-client.ts).
    // After a checkpoint PostgreSQL keeps old segments for reuse up to max_wal_size: 1 GB by
    // default, on the shop's disk for good once it has been written once.
    '-c',
    'max_wal_size=128MB',
    '-c',
    'min_wal_size=32MB',
  ];
}
