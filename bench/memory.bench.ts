// Resident memory of the shop's process from its start through a sustained mixed read load.
// The shop starts on a new DATA_DIR (PGlite's first start, which also creates the database,
// is its most expensive) and is followed from that moment: its resident size is sampled every
// 100 ms, and the kernel's own high-water mark (VmHWM) catches any peak between samples.
// Default 5 minutes of load; BENCH_MEMORY_SECONDS shortens it. PGlite unless
// BENCH_DATABASE_URL names a PostgreSQL database.
// Run: npm run build && flock /tmp/agritools-heavy.lock npx tsx bench/memory.bench.ts
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { load, printTable, startShop } from './lib.ts';

const seconds = Number(process.env.BENCH_MEMORY_SECONDS ?? 300);
const databaseUrl = process.env.BENCH_DATABASE_URL;

/** VmRSS and VmHWM of a process, in MiB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: mib('VmRSS'), peak: mib('VmHWM') };
}

console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} at the start`,
);
const samples: Array<{ at: number; rss: number }> = [];
let pid: number | undefined;
const startedAt = Date.now();
const sampler = setInterval(() => {
  if (pid === undefined) return;
  try {
    samples.push({ at: Date.now() - startedAt, rss: memory(pid).rss });
  } catch {
    // the process has ended
  }
}, 100);

const shopStarting = startShop(
  { LOG_LEVEL: 'info', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  3312,
  (child) => {
    pid = child.pid;
  },
);
const shop = await shopStarting;
try {
  const readyMs = Date.now() - startedAt;
  const atStart = memory(pid!);
  const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Array<{ _id: string }>;
  const result = await load('mixed reads', {
    url: shop.url,
    connections: 20,
    duration: seconds,
    requests: [
      { method: 'GET', path: '/api/products' },
      { method: 'GET', path: `/api/product/${products[0]!._id}` },
      { method: 'GET', path: '/api/reviews' },
      { method: 'GET', path: '/api/products?limit=5&offset=3' },
      { method: 'GET', path: '/' },
    ],
  });
  const atEnd = memory(pid!);
  clearInterval(sampler);
  const during = samples.filter((sample) => sample.at > readyMs);
  printTable(`Server memory (MiB), ${seconds} s of mixed reads, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`, [
    {
      'ready after s': (readyMs / 1000).toFixed(1),
      'RSS when ready': atStart.rss,
      'peak RSS while starting': atStart.peak,
      'max RSS under load': Math.max(...during.map((sample) => sample.rss)),
      'RSS at the end': atEnd.rss,
      'peak RSS overall (VmHWM)': atEnd.peak,
      'req/s': result.requestsPerSecond,
      'p99 ms': result.p99,
      'non-2xx': result.non2xx,
    },
  ]);
  // The curve, one point every 10 s, for the record.
  const curve = samples.filter((_, i) => i % 100 === 0).map((s) => `${Math.round(s.at / 1000)}s:${s.rss}`);
  console.log(`RSS MiB over time: ${curve.join(' ')}`);
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} at the end`,
  );
} finally {
  clearInterval(sampler);
  await shop.stop();
}
