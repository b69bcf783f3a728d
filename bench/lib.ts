// Shared helpers for the benchmarks: start the built server, a bare-Node ceiling, and autocannon.
// The shop and the ceiling each run in a child process of their own; the load generator
// (autocannon) runs in the bench's process, which does nothing else while it measures.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';

/**
 * Starts the built shop (npm run build first) with the rate limit off and the demo catalogue,
 * and asks its identity layer once for a session, as the web app does for every visitor.
 */
export async function startShop(
  env: Record<string, string>,
  port: number,
  onSpawn?: (child: ChildProcess) => void,
): Promise<ServerProcess> {
  const shop = await startServerProcess(
    {
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      SEED_DEMO: 'true',
      // Benchmarks measure the routes, not the limiter: the limit is off.
      RATE_LIMIT_MAX: '0',
      ...env,
    },
    port,
    onSpawn,
  );
  // The identity layer (Better Auth) keeps each call's context in an AsyncLocalStorage, which on
  // Node 20 switches on async hooks in the whole process: while they are on, every promise and
  // every tick of every request costs more. Until 2026-11-28 they stayed on for good after the
  // first identity call; the shop now switches them off when no identity call is running
  // (modules/auth/identity-calls.ts). A shop in service has had such calls within a minute of
  // starting; the benchmarks measure that shop, not one nobody has visited (docs/decisions/015).
  // BENCH_IDENTITY_CALL=false measures the other.
  if (process.env.BENCH_IDENTITY_CALL !== 'false') {
    const answer = await fetch(`${shop.url}/api/auth/get-session`);
    await answer.arrayBuffer();
    if (!answer.ok) {
      await shop.stop();
      throw new Error(`GET /api/auth/get-session answered ${answer.status}`);
    }
  }
  return shop;
}

/**
 * The built shop as both page benches measure it, on port `port`: its public URL the address the
 * bench talks to (Better Auth refuses a sign-in whose Origin is not the shop's public URL, which
 * defaults to http://localhost:PORT), and its catalogue the demo's 14 products, or with
 * BENCH_CATALOGUE=N that many generated products beside them (catalogue-data.ts), so that
 * `/products` draws a whole first page of cards as a real maker's shop does. `stop` also deletes
 * the database made for it.
 */
export async function startPageBenchShop(port: number): Promise<ServerProcess> {
  const count = Number(process.env.BENCH_CATALOGUE ?? 0);
  // Loaded only when asked for: it brings the database client, which a bench of the demo never uses.
  const dataDir = count > 0 ? await (await import('./catalogue-data.ts')).dataDirWithCatalogue(count) : '';
  const remove = () => dataDir && rmSync(dataDir, { recursive: true, force: true });
  try {
    const shop = await startShop(
      {
        NODE_ENV: 'development',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...(dataDir && { DATA_DIR: dataDir }),
      },
      port,
    );
    return { ...shop, stop: () => shop.stop().finally(remove) };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * The ceiling: a bare Node HTTP server (bench/ceiling-server.ts) in its own process, answering
 * `body` with the same content type, as fast as one Node process can on this machine; with
 * `framework` 'fastify', an empty Fastify app sending the same bytes and headers.
 */
export async function startCeiling(
  body: Buffer,
  port: number,
  headers?: Record<string, string>,
  framework?: 'fastify',
): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'agritools-ceiling-'));
  const bodyFile = join(folder, 'body');
  writeFileSync(bodyFile, body);
  const headerArgs = [];
  if (headers || framework) {
    writeFileSync(join(folder, 'headers.json'), JSON.stringify(headers ?? {}));
    headerArgs.push(join(folder, 'headers.json'));
  }
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'ceiling-server.ts'),
      bodyFile,
      String(port),
      ...headerArgs,
      ...(framework ? [framework] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the ceiling server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat; the split above starts at field 3.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The machine's CPU time so far, in clock ticks, from the first line of /proc/stat. */
function machineTicks(): { steal: number; all: number } {
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as [number, number, number, number, number, number, number, number];
  return { steal, all: user + nice + system + idle + iowait + irq + softirq + steal };
}

/**
 * How much of the machine's processor time the hypervisor gave to other guests (steal) while
 * the call to the returned function measured: a virtual machine's cores are shared, and time
 * taken from a run counts in a browser's trace as work of whatever task was running, which
 * Lighthouse then multiplies by its CPU slowdown. Percent of all CPU time, one decimal.
 */
export function stealMeter(): () => string {
  const before = machineTicks();
  return () => {
    const after = machineTicks();
    const all = after.all - before.all;
    return all > 0 ? `${((100 * (after.steal - before.steal)) / all).toFixed(1)} %` : '?';
  };
}

/**
 * CPU time (ms) of every PostgreSQL process on this machine so far, by pid: the backends that
 * serve the shop's connections and the server's own workers (checkpointer, WAL writer,
 * autovacuum). Only meaningful when the bench's database server runs here (127.0.0.1).
 */
function postgresCpuMs(): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        found.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      // the process ended while being read
    }
  }
  return found;
}

/** CPU ms the PostgreSQL processes used between two readings (a process new since counts whole). */
function postgresCpuSince(before: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of postgresCpuMs()) used += ms - (before.get(pid) ?? 0);
  return used;
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server's CPU time per answered request, in microseconds, when its pid was given. */
  cpuUsPerRequest?: number;
  /** PostgreSQL's CPU time per answered request, in microseconds, when asked for. */
  postgresCpuUsPerRequest?: number;
  /**
   * From the start until every connection had its first answer, in ms. autocannon opens all
   * its connections at once, and a server whose event loop spends each turn on the requests
   * of the connections it has (the embedded database runs on that loop) takes the others up
   * one a turn: the last ones' first requests wait seconds that no visitor arriving on their
   * own would: libuv accepts one new connection per turn of the loop (docs/benchmarks.md, "the
   * p99 of seconds is connections waiting to be taken up"). Only when `onceConnected` is asked.
   */
  allConnectedMs?: number;
  /** The p50 and p99 of the requests sent after every connection had been answered. */
  connectedP50?: number;
  connectedP99?: number;
}

/** The value below which `share` of the sorted `values` lie (nearest rank). */
export const percentile = (values: number[], share: number) =>
  values[Math.max(0, Math.ceil(share * values.length) - 1)]!;

/** The middle of `values` (the upper of the two middle ones when their count is even). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function load(
  label: string,
  options: {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    requests?: autocannon.Request[];
    /** The server's process, to report its CPU time per request. */
    serverPid?: number;
    /** Also report PostgreSQL's CPU time per request (its server on this machine). */
    postgresCpu?: boolean;
    /** Also report when every connection had been answered, and the latency after that. */
    onceConnected?: boolean;
  },
): Promise<LoadResult> {
  const cpuBefore = options.serverPid ? cpuMs(options.serverPid) : 0;
  const postgresBefore = options.postgresCpu ? postgresCpuMs() : undefined;
  const connections = options.connections ?? 50;
  const started = performance.now();
  const answered = new Set<object>();
  let allConnectedAt: number | undefined;
  const latenciesOnceConnected: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const running = autocannon(
      {
        url: options.url,
        connections,
        duration: options.duration ?? Number(process.env.BENCH_SECONDS ?? 10),
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        requests: options.requests,
      },
      (error, finished) => (error ? reject(error as Error) : resolve(finished)),
    );
    if (options.onceConnected)
      running.on('response', (client, _status, _bytes, responseTime) => {
        const now = performance.now();
        if (allConnectedAt === undefined) {
          answered.add(client);
          if (answered.size === connections) allConnectedAt = now;
        } else if (now - responseTime >= allConnectedAt) latenciesOnceConnected.push(responseTime);
      });
  });
  latenciesOnceConnected.sort((a, b) => a - b);
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ...(options.serverPid
      ? {
          cpuUsPerRequest: Math.round(
            ((cpuMs(options.serverPid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
          ),
        }
      : {}),
    ...(postgresBefore
      ? {
          postgresCpuUsPerRequest: Math.round(
            (postgresCpuSince(postgresBefore) * 1000) / Math.max(1, result.requests.total),
          ),
        }
      : {}),
    ...(allConnectedAt !== undefined && latenciesOnceConnected.length > 0
      ? {
          allConnectedMs: Math.round(allConnectedAt - started),
          connectedP50: Math.round(percentile(latenciesOnceConnected, 0.5)),
          connectedP99: Math.round(percentile(latenciesOnceConnected, 0.99)),
        }
      : {}),
  };
}

/** A table's columns for the requests sent once every connection had been answered. */
export const onceConnectedColumns = (result: LoadResult) => ({
  'all connected after ms': result.allConnectedMs ?? '',
  'then p50 ms': result.connectedP50 ?? '',
  'then p99 ms': result.connectedP99 ?? '',
});

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n## ${title}`);
  console.table(rows);
}

/**
 * A shop row beside its ceiling; with `headersCeiling` (the bare server sending the shop's own
 * answer headers too), also the share of that, which is what the shop itself adds; with
 * `fastifyCeiling` (an empty Fastify app sending the same), what the framework alone reaches.
 */
export function withCeiling(
  result: LoadResult,
  ceiling: LoadResult,
  headersCeiling?: LoadResult,
  fastifyCeiling?: LoadResult,
) {
  const share = (part: LoadResult, of: LoadResult) =>
    `${Math.round((100 * part.requestsPerSecond) / Math.max(1, of.requestsPerSecond))} %`;
  const ratio = (of: LoadResult) => share(result, of);
  const withHeaders = headersCeiling && {
    "with the shop's headers req/s": headersCeiling.requestsPerSecond,
    'ratio to it': ratio(headersCeiling),
    'its CPU µs/req': headersCeiling.cpuUsPerRequest ?? '',
  };
  const withFastify = fastifyCeiling && {
    'empty Fastify app, headers, req/s': fastifyCeiling.requestsPerSecond,
    'its ratio to ceiling': share(fastifyCeiling, ceiling),
    'Fastify CPU µs/req': fastifyCeiling.cpuUsPerRequest ?? '',
  };
  return {
    route: result.label,
    'req/s': result.requestsPerSecond,
    'p50 ms': result.p50,
    'p99 ms': result.p99,
    'ceiling req/s': ceiling.requestsPerSecond,
    'ratio to ceiling': ratio(ceiling),
    'ceiling p99 ms': ceiling.p99,
    'CPU µs/req': result.cpuUsPerRequest ?? '',
    'ceiling CPU µs/req': ceiling.cpuUsPerRequest ?? '',
    ...withHeaders,
    ...withFastify,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}
