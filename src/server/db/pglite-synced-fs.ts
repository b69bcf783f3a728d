import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { pgliteDataBytes, pgliteStartParams } from './pglite-settings.ts';

type PostgresModule = Parameters<NodeFS['init']>[1];

/** A file or folder as Emscripten's file system knows it: one node per path. */
interface FileNode {
  mode: number;
}

/** An open file of Emscripten's file system: its node and Node's descriptor of the file. */
interface FileStream {
  node: FileNode;
  nfd: number;
}

type StreamOps = {
  fsync?: (stream: FileStream) => number;
  llseek: (stream: FileStream, offset: number, whence: number) => number;
  write: (stream: FileStream, buffer: unknown, offset: number, length: number, position?: number) => number;
  setattr: (stream: FileStream, attributes: unknown) => void;
};

/** The part of Emscripten's Node file system (NODEFS) inside PGlite that this file changes. */
interface NodeFileSystem {
  stream_ops?: Partial<StreamOps>;
  node_ops?: { setattr?: (node: FileNode, attributes: unknown) => void };
  tryFSOperation?: <T>(operation: () => T) => T;
}

const SEEK_END = 2;
const isRegularFile = (node: FileNode) => (node.mode & 0o170000) === 0o100000;

/**
 * Keeps each file's size, so that asking for it costs no `fstat` (docs/decisions/038).
 *
 * PostgreSQL learns a table's or index's length in blocks by seeking to the end of its file,
 * several times for each statement it plans or scans. Natively that is a cheap system call; in
 * Emscripten's Node file system each is a full `fs.fstatSync`, a tenth of the shop's time on a
 * product page. The folder is PGlite's alone (one process, one engine), so a file's size changes
 * only through this layer: a write that ends past it grows it, and a truncation (of a stream
 * or by path) forgets it until the next seek asks the file again. A node stands for one path
 * for as long as the file exists, which is why the size is kept per node.
 */
function keepFileSizes(streamOps: Partial<StreamOps>, nodeOps: NonNullable<NodeFileSystem['node_ops']>) {
  const { llseek, write, setattr } = streamOps;
  const setattrByPath = nodeOps.setattr;
  if (!llseek || !write || !setattr || !setattrByPath)
    throw new Error("PGlite's Node file system has changed: its file sizes cannot be kept");
  const sizes = new WeakMap<FileNode, number>();
  streamOps.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || !isRegularFile(stream.node)) return llseek(stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      // Asked of the file as the original does; an error (or a negative result) is its to give.
      size = llseek(stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    return size + offset < 0 ? llseek(stream, offset, whence) : size + offset;
  };
  streamOps.write = (stream, buffer, offset, length, position) => {
    const written = write(stream, buffer, offset, length, position);
    const size = sizes.get(stream.node);
    if (typeof position !== 'number') sizes.delete(stream.node);
    else if (size !== undefined && position + written > size) sizes.set(stream.node, position + written);
    return written;
  };
  streamOps.setattr = (stream, attributes) => {
    sizes.delete(stream.node);
    setattr(stream, attributes);
  };
  nodeOps.setattr = (node, attributes) => {
    sizes.delete(node);
    setattrByPath(node, attributes);
  };
}

/**
 * PGlite's folder file system, with `fsync` that reaches the disk (docs/decisions/037) and file
 * sizes known without asking the file each time (keepFileSizes).
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
      const { stream_ops: streamOps, node_ops: nodeOps, tryFSOperation } = nodeFs ?? {};
      // A PGlite whose file layer is not the one this was written for must not start unsynced.
      if (!streamOps || !nodeOps || !tryFSOperation)
        throw new Error("PGlite's Node file system has changed: its files cannot be synced to disk");
      streamOps.fsync ??= (stream) => {
        // Called on the module, not a named import, so that a test can watch the calls.
        tryFSOperation(() => fs.fsyncSync(stream.nfd));
        return 0;
      };
      keepFileSizes(streamOps, nodeOps);
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
