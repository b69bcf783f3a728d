// Shared helpers for the benchmarks: start the built server, a bare-Node ceiling, and autocannon.
import { createServer, type Server } from 'node:http';
import autocannon from 'autocannon';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';

/** Starts the built shop (npm run build first) with the rate limit off and the demo catalogue. */
export async function startShop(env: Record<string, string>, port: number): Promise<ServerProcess> {
  return startServerProcess(
    {
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      SEED_DEMO: 'true',
      // Benchmarks measure the routes, not the limiter (stack-notes.md): the limit is off.
      RATE_LIMIT_MAX: '0',
      ...env,
    },
    port,
  );
}

/** The ceiling: a bare Node HTTP handler answering the same bytes with the same content type. */
export async function startCeiling(
  body: Buffer,
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

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
  },
): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    duration: options.duration ?? Number(process.env.BENCH_SECONDS ?? 10),
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: options.requests,
  });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n## ${title}`);
  console.table(rows);
}

export function withCeiling(result: LoadResult, ceiling: LoadResult) {
  return {
    route: result.label,
    'req/s': result.requestsPerSecond,
    'p50 ms': result.p50,
    'p99 ms': result.p99,
    'ceiling req/s': ceiling.requestsPerSecond,
    'ratio to ceiling': `${Math.round((100 * result.requestsPerSecond) / Math.max(1, ceiling.requestsPerSecond))} %`,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}
