// API throughput: GET /api/products and GET /api/product/{id} against a ceiling, a bare Node
// server answering the same bytes, and against a second ceiling that also sends the shop's own
// answer headers (security headers and all), which shows what the shop adds beyond them, and an
// empty Fastify app sending the same bytes and headers, which shows what the framework alone
// costs. Shop and ceilings each run in a process of their own, one after the other, and the
// load generator (autocannon) in this one, so none competes with the load generator for an
// event loop. Each is warmed up before it is measured.
// PGlite by default, PostgreSQL when BENCH_DATABASE_URL is set; the shop logs at its default
// level (info: one line per request) unless BENCH_LOG_LEVEL says otherwise, and writes its line
// per request unless BENCH_REQUEST_LOG=false (the shop's REQUEST_LOG).
// Run: npm run build && flock /tmp/agritools-heavy.lock npx tsx bench/api.bench.ts
import { cpus, loadavg } from 'node:os';
import { load, printTable, startCeiling, startShop, withCeiling, type LoadResult } from './lib.ts';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const requestLog = process.env.BENCH_REQUEST_LOG ?? 'true';
const WARM_UP_SECONDS = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * The headers the shop answers `url` with when nothing asks for compression (as autocannon
 * asks), less those a server writes itself for each connection or body.
 */
async function answerHeaders(url: string): Promise<Record<string, string>> {
  const answer = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  await answer.arrayBuffer();
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries([...answer.headers].filter(([name]) => !perConnection.has(name)));
}

/** The run with the median throughput. */
const median = (runs: LoadResult[]) =>
  [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor((runs.length - 1) / 2)]!;

console.log(
  `${cpus().length} cores, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} at the start, Node ${process.version}`,
);
const shop = await startShop(
  { LOG_LEVEL: logLevel, REQUEST_LOG: requestLog, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  3310,
);
try {
  const rows = [];
  const listAnswer = await fetch(`${shop.url}/api/products`);
  const listBody = Buffer.from(await listAnswer.arrayBuffer());
  const first = (JSON.parse(listBody.toString()) as Array<{ _id: string }>)[0];
  if (!first) throw new Error('no products to measure');
  const oneBody = Buffer.from(await (await fetch(`${shop.url}/api/product/${first._id}`)).arrayBuffer());
  console.log(`the shop's answer headers: ${[...listAnswer.headers.keys()].join(', ')}`);

  // Ceiling and shop take turns, ROUNDS times each, and the median round of each is shown:
  // other work on the machine then weighs on both alike.
  for (const [label, path, body] of [
    ['GET /api/products', '/api/products', listBody],
    ['GET /api/product/{id}', `/api/product/${first._id}`, oneBody],
  ] as const) {
    const ceilings: LoadResult[] = [];
    const headersCeilings: LoadResult[] = [];
    const fastifyCeilings: LoadResult[] = [];
    const results: LoadResult[] = [];
    const shopHeaders = await answerHeaders(`${shop.url}${path}`);
    const ceiling = await startCeiling(body, 3311);
    const headersCeiling = await startCeiling(body, 3312, shopHeaders);
    const fastifyCeiling = await startCeiling(body, 3313, shopHeaders, 'fastify');
    try {
      for (const url of [ceiling.url, headersCeiling.url, fastifyCeiling.url, `${shop.url}${path}`])
        await load('warm-up', { url, connections, duration: WARM_UP_SECONDS });
      for (let round = 0; round < ROUNDS; round += 1) {
        ceilings.push(await load('ceiling', { url: ceiling.url, connections, serverPid: ceiling.pid }));
        headersCeilings.push(
          await load('ceiling, headers', {
            url: headersCeiling.url,
            connections,
            serverPid: headersCeiling.pid,
          }),
        );
        fastifyCeilings.push(
          await load('empty Fastify app, headers', {
            url: fastifyCeiling.url,
            connections,
            serverPid: fastifyCeiling.pid,
          }),
        );
        results.push(
          await load(label, { url: `${shop.url}${path}`, connections, serverPid: shop.child.pid }),
        );
      }
    } finally {
      await ceiling.close();
      await headersCeiling.close();
      await fastifyCeiling.close();
    }
    const figures = (runs: LoadResult[]) => runs.map((r) => r.requestsPerSecond).join(' ');
    console.log(
      `${label}: shop ${figures(results)} req/s, ceiling ${figures(ceilings)} req/s, ` +
        `with the shop's headers ${figures(headersCeilings)} req/s, ` +
        `an empty Fastify app with them ${figures(fastifyCeilings)} req/s`,
    );
    rows.push({
      ...withCeiling(median(results), median(ceilings), median(headersCeilings), median(fastifyCeilings)),
      bytes: body.length,
    });
  }
  printTable(
    `API reads, ${connections} connections, median of ${ROUNDS} rounds, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, log level ${logLevel}, request log ${requestLog} (rate limit off)`,
    rows,
  );
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} at the end`,
  );
} finally {
  await shop.stop();
}
