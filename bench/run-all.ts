// npm run bench: every benchmark in turn, each printing its own figures. Needs `npm run build`
// first and PostgreSQL on 127.0.0.1:5432 for the order and scale benches. Results: docs/benchmarks.md.
import { spawnSync } from 'node:child_process';

const benches = [
  'api.bench.ts',
  'orders.bench.ts',
  'scale.bench.ts',
  'pages.bench.ts',
  'page-tasks.bench.ts',
  'takeover.bench.ts',
  'page-js.bench.ts',
  'number-format.bench.ts',
  'compression.bench.ts',
  'read-cache.bench.ts',
  'search.bench.ts',
  'catalogue-load.bench.ts',
  'idle-visitor.bench.ts',
  'memory.bench.ts',
  'crash-pglite.bench.ts',
  'pglite-wal.bench.ts',
  'pglite-query.bench.ts',
  'pglite-worker.bench.ts',
];
const only = process.argv.slice(2);
let failed = 0;
for (const bench of benches.filter((name) => only.length === 0 || only.some((o) => name.startsWith(o)))) {
  console.log(`\n# ${bench}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${bench}`], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${bench} failed with status ${result.status}`);
  }
}
process.exit(failed ? 1 : 0);
