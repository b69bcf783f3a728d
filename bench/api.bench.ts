// API throughput: GET /api/products and GET /api/product/{id} beside a bare-Node ceiling
// that answers the same bytes, measured in the same run (issue 6). PGlite by default,
// PostgreSQL when BENCH_DATABASE_URL is set. Run: npm run build && npx tsx bench/api.bench.ts
import { load, printTable, startCeiling, startShop, withCeiling } from './lib.ts';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL;

const shop = await startShop(databaseUrl ? { DATABASE_URL: databaseUrl } : {}, 3201);
try {
  const rows = [];
  const listBody = Buffer.from(await (await fetch(`${shop.url}/api/products`)).arrayBuffer());
  const first = (JSON.parse(listBody.toString()) as Array<{ _id: string }>)[0];
  if (!first) throw new Error('no products to measure');
  const oneBody = Buffer.from(await (await fetch(`${shop.url}/api/product/${first._id}`)).arrayBuffer());

  for (const [label, path, body] of [
    ['GET /api/products', '/api/products', listBody],
    ['GET /api/product/{id}', `/api/product/${first._id}`, oneBody],
  ] as const) {
    const ceiling = await startCeiling(body, 3299);
    const ceilingResult = await load('ceiling', { url: ceiling.url, connections });
    await ceiling.close();
    const result = await load(label, { url: `${shop.url}${path}`, connections });
    rows.push({ ...withCeiling(result, ceilingResult), bytes: body.length });
  }
  printTable(
    `API reads, ${connections} connections, ${databaseUrl ? 'PostgreSQL' : 'PGlite'} (rate limit off)`,
    rows,
  );
} finally {
  await shop.stop();
}
