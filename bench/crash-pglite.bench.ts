// Crash report on PGlite: SIGKILL the server in the middle of a stream of orders,
// restart it on the same DATA_DIR and count acknowledged orders that did not survive.
// PostgreSQL's guarantee is asserted in tests/system/crash-safety.system.test.ts; PGlite's is measured here.
// Run: npm run build && npx tsx bench/crash-pglite.bench.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sum } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { orders, products } from '../src/server/db/schema.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { seedOrderStream, streamOrders, SYSTEM_SECRET } from '../tests/support/order-stream.ts';
import { printTable } from './lib.ts';

const STOCK = 5_000;
const rounds = Number(process.env.BENCH_CRASH_ROUNDS ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'agritools-crash-'));
const env = { DATA_DIR: dataDir, AUTH_SECRET: SYSTEM_SECRET };

// Prepare the folder while no server holds it.
let handle = await openDatabase({ kind: 'pglite', dataDir });
await handle.migrate();
const { productId, customers } = await seedOrderStream(handle.db, {
  name: 'Crash hoe',
  stock: STOCK,
  customerCount: 10,
});
await handle.close();

const rows = [];
const allAcknowledged: string[] = [];
for (let round = 1; round <= rounds; round += 1) {
  const server = await startServerProcess(env, 3330);
  const stream = streamOrders({
    urls: [server.url],
    productId,
    customers,
    workers: 8,
    total: STOCK,
  });
  await stream.acknowledgedAtLeast(100);
  await server.kill();
  stream.stop();
  const result = await stream.done;
  allAcknowledged.push(...result.acknowledged);

  const restart = Date.now();
  const again = await startServerProcess(env, 3330); // waits out the stale folder lock
  const restartSeconds = ((Date.now() - restart) / 1000).toFixed(1);
  await again.stop();

  handle = await openDatabase({ kind: 'pglite', dataDir });
  const found = await handle.db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.id, allAcknowledged));
  const [row] = await handle.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  const [sold] = await handle.db
    .select({ n: sum(orders.quantity) })
    .from(orders)
    .where(eq(orders.productId, productId));
  await handle.close();
  rows.push({
    round,
    'acknowledged (total)': allAcknowledged.length,
    'lost acknowledged': allAcknowledged.length - found.length,
    'unanswered at kill': result.unanswered,
    'stock + sold = initial': row!.stock + Number(sold?.n ?? 0) === STOCK ? 'yes' : 'NO',
    'restart s': restartSeconds,
  });
}
printTable(`PGlite: SIGKILL during an order stream, ${rounds} rounds`, rows);
