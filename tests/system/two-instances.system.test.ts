import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, count } from 'drizzle-orm';
import { orders, products } from '../../src/server/db/schema.ts';
import { openTestDatabase } from '../support/test-database.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { seedOrderStream, streamOrders, SYSTEM_SECRET } from '../support/order-stream.ts';

// Two server processes on one PostgreSQL, orders spread across both, stock exact.
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.close();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('never oversells when orders are spread across both', async () => {
    const STOCK = 60;
    const { productId, customers } = await seedOrderStream(database.db, {
      name: 'Shared sickle',
      stock: STOCK,
      customerCount: 20,
    });
    const env = { DATABASE_URL: database.url!, AUTH_SECRET: SYSTEM_SECRET };
    // Both start together: migrations are serialised by an advisory lock.
    servers.push(...(await Promise.all([startServerProcess(env, 3320), startServerProcess(env, 3321)])));

    const stream = streamOrders({
      urls: servers.map((s) => s.url),
      productId,
      customers,
      workers: 16,
      total: 150,
    });
    const result = await stream.done;
    expect(result.serverErrors).toBe(0);
    expect(result.unanswered).toBe(0);
    expect(result.acknowledged).toHaveLength(STOCK);
    expect(result.refused).toBe(150 - STOCK);

    const [row] = await database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId));
    expect(row!.stock).toBe(0);
    const [stored] = await database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.productId, productId));
    expect(stored!.n).toBe(STOCK);
  });
});
