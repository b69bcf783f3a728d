import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL settings for the embedded database (docs/decisions/016). PGlite is one backend
 * inside this process, so PostgreSQL's defaults, sized for a server with many connections and
 * its own memory, cost the shop's process directly: shared_buffers alone defaults to 128 MB of
 * WebAssembly memory, all of it resident once touched. A small shop's catalogue and orders fit
 * in a fraction of that; what does not is read from the operating system's file cache.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'work_mem=2MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=2MB',
  '-c',
  'wal_buffers=1MB',
];
