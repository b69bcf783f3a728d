// Resident memory of the server before and after a sustained mixed read load (issue 6).
// Default 5 minutes; BENCH_MEMORY_SECONDS shortens it. Run: npm run build && npx tsx bench/memory.bench.ts
import { readFileSync } from 'node:fs';
import { load, printTable, startShop } from './lib.ts';

const seconds = Number(process.env.BENCH_MEMORY_SECONDS ?? 300);
const rssMiB = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

const databaseUrl = process.env.BENCH_DATABASE_URL;
const shop = await startShop(databaseUrl ? { DATABASE_URL: databaseUrl } : {}, 3204);
try {
  const pid = shop.child.pid!;
  const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Array<{ _id: string }>;
  const before = rssMiB(pid);
  const result = await load('mixed reads', {
    url: shop.url,
    connections: 20,
    duration: seconds,
    requests: [
      { method: 'GET', path: '/api/products' },
      { method: 'GET', path: `/api/product/${products[0]!._id}` },
      { method: 'GET', path: '/api/reviews' },
      { method: 'GET', path: '/' },
    ],
  });
  const after = rssMiB(pid);
  printTable(`Server memory, ${seconds} s of mixed reads, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`, [
    {
      'RSS before MiB': before,
      'RSS after MiB': after,
      'growth MiB': after - before,
      'req/s': result.requestsPerSecond,
      'p99 ms': result.p99,
      'non-2xx': result.non2xx,
    },
  ]);
} finally {
  await shop.stop();
}
