// The embedded database's write-ahead log after a crash. PGlite has no checkpointer, so every
// write stays in pg_wal until the shop's maintenance round checkpoints (docs/decisions/035),
// and a restart after a crash replays everything written since the last checkpoint. For each
// amount of WAL (BENCH_WAL_MB, default 64,256,512): a writer process (pglite-wal-writer.ts)
// opens a seeded database, writes rows until that much WAL is written, is killed with
// SIGKILL, and the folder is opened again; once without a checkpoint before the kill, once
// after the shop's maintenance round. Prints pg_wal's size at the kill, the round's pause, and
// how long the reopening took (the engine's start plus its replay).
// Run: flock /tmp/agritools-heavy.lock npx tsx bench/pglite-wal.bench.ts
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { pgliteFolderBytes } from '../src/server/db/pglite-settings.ts';
import { pgliteOnFolder } from '../src/server/db/pglite-synced-fs.ts';
import { insertSeedDrills } from '../tests/factories/products.ts';
import { printTable } from './lib.ts';

const volumes = (process.env.BENCH_WAL_MB ?? '64,256,512').split(',').map(Number);
const PRODUCTS = 5_000;
const work = mkdtempSync(join(tmpdir(), 'agritools-wal-'));
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

// One seeded folder, copied for every run.
const seeded = join(work, 'seeded');
const seeding = await openDatabase({ kind: 'pglite', dataDir: seeded });
await seeding.migrate();
for (let from = 0; from < PRODUCTS; from += 2_000) await insertSeedDrills(seeding.db, 'wal', 2_000, from);
await seeding.close();

/** Runs the writer to its line of figures, kills it, and times opening the folder again. */
async function crashAndReopen(megabytes: number, maintain: boolean) {
  const dataDir = join(work, `run-${megabytes}-${maintain}`);
  cpSync(seeded, dataDir, { recursive: true });
  const writer = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/pglite-wal-writer.ts',
      dataDir,
      String(megabytes),
      ...(maintain ? ['maintain'] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((done, fail) => {
    let output = '';
    writer.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) done(output.split('\n')[0]!);
    });
    writer.once('exit', (code) => fail(new Error(`the writer exited (${code}) before its figures`)));
  });
  const figures = JSON.parse(line) as { writtenMb: number; maintainMs?: number; checkpointedMb?: number };
  const pgWal = pgliteFolderBytes(join(dataDir, 'pglite'), 'pg_wal');
  writer.kill('SIGKILL');
  await new Promise((done) => writer.once('exit', done));

  // The engine alone (the shop's settings, without the folder lock the killed writer left).
  const opening = performance.now();
  const reopened = pgliteOnFolder(join(dataDir, 'pglite'));
  await reopened.waitReady;
  await reopened.query('select count(*) from products');
  const reopenMs = performance.now() - opening;
  await reopened.close();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    'WAL written MB': Math.round(figures.writtenMb),
    'maintenance round': maintain
      ? `${Math.round(figures.maintainMs!)} ms, checkpointed ${Math.round(figures.checkpointedMb!)} MB`
      : 'none',
    'pg_wal at the kill MB': mb(pgWal),
    'reopen after SIGKILL ms': Math.round(reopenMs),
  };
}

const rows = [];
try {
  for (const megabytes of volumes)
    for (const maintain of [false, true]) rows.push(await crashAndReopen(megabytes, maintain));
} finally {
  rmSync(work, { recursive: true, force: true });
}
printTable(`PGlite: reopening after a crash, ${PRODUCTS.toLocaleString('en')} products`, rows);
