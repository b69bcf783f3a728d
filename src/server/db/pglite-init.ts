// Creates a new PGlite database in the folder given as the first argument, then exits. Run as a
// child process by openDatabase (client.ts) on a first start, because creating a database
// (initdb) takes PGlite to about 800 MB, which WebAssembly never gives back; the server then
// opens the finished folder at a fraction of that (docs/decisions/016).
import { pgliteOnFolder } from './pglite-synced-fs.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-init <folder>');
const database = pgliteOnFolder(dir);
await database.waitReady;
await database.close();
