import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { pgliteDataBytes, pgliteStartParams } from './pglite-settings.ts';

type PostgresModule = Parameters<NodeFS['init']>[1];

/** The part of Emscripten's Node file system (NODEFS) inside PGlite that this file changes. */
interface NodeFileSystem {
  stream_ops?: { fsync?: (stream: { nfd: number }) => number };
  tryFSOperation?: <T>(operation: () => T) => T;
}

/**
 * PGlite's folder file system, with `fsync` that reaches the disk (docs/decisions/037).
 *
 * PostgreSQL makes a commit durable by syncing its WAL before it answers, and a checkpoint by
 * syncing the files it wrote. In PGlite those calls go to Emscripten's Node file system, whose
 * files have no `fsync` at all: every sync answered success and synced nothing, so an order
 * the shop had confirmed lived only in the kernel's page cache until the kernel wrote it out,
 * and a power cut could lose it or leave the folder half-written. Here each sync of a file
 * (or folder) PGlite opened is Node's `fsync` on its descriptor, and a failure is the error
 * PostgreSQL expects, which it treats as fatal rather than carry on over lost writes.
 */
export class SyncedNodeFS extends NodeFS {
  override async init(pg: PGlite, options: PostgresModule) {
    const { emscriptenOpts } = await super.init(pg, options);
    const syncFiles = (module: PostgresModule) => {
      const nodeFs = (module as { NODEFS?: NodeFileSystem }).NODEFS;
      const { stream_ops: streamOps, tryFSOperation } = nodeFs ?? {};
      // A PGlite whose file layer is not the one this was written for must not start unsynced.
      if (!streamOps || !tryFSOperation)
        throw new Error("PGlite's Node file system has changed: its files cannot be synced to disk");
      streamOps.fsync ??= (stream) => {
        // Called on the module, not a named import, so that a test can watch the calls.
        tryFSOperation(() => fs.fsyncSync(stream.nfd));
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), syncFiles] } };
  }
}

/**
 * PGlite on the database folder `dir` as the shop opens it everywhere (the server, the child
 * that creates a new database, the benches): its files synced to disk, its settings sized to
 * the folder (pglite-settings.ts).
 */
export function pgliteOnFolder(dir: string, options: Pick<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({
    ...options,
    fs: new SyncedNodeFS(dir),
    startParams: pgliteStartParams(pgliteDataBytes(dir)),
  });
}
