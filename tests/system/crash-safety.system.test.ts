import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, eq, sum } from 'drizzle-orm';
import { orders, products } from '../../src/server/db/schema.ts';
import { openTestDatabase } from '../support/test-database.ts';
import { startServerProcess } from '../support/server-process.ts';
import { seedOrderStream, streamOrders, SYSTEM_SECRET } from '../support/order-stream.ts';

// Crash safety: SIGKILL the server in the middle of a stream of orders, restart it,
// and every order that was acknowledged must be there, with stock and orders adding up.
const STOCK = 5_000;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'an order stream interrupted by SIGKILL on PostgreSQL',
  () => {
    it('keeps every acknowledged order and the stock adds up after a restart', async () => {
      const { productId, customers } = await seedOrderStream(database.db, {
        name: 'Crash hoe',
        stock: STOCK,
        customerCount: 10,
      });
      const env = { DATABASE_URL: database.url!, AUTH_SECRET: SYSTEM_SECRET };

      const first = await startServerProcess(env, 3310);
      const stream = streamOrders({
        urls: [first.url],
        productId,
        customers,
        workers: 8,
        total: STOCK,
      });
      await stream.acknowledgedAtLeast(150);
      await first.kill();
      stream.stop();
      const { acknowledged, serverErrors } = await stream.done;
      expect(acknowledged.length).toBeGreaterThanOrEqual(150);
      expect(serverErrors).toBe(0);

      const second = await startServerProcess(env, 3310);
      try {
        const stored = await database.db
          .select({ id: orders.id })
          .from(orders)
          .where(inArray(orders.id, acknowledged));
        expect(stored.length).toBe(acknowledged.length);
        const [row] = await database.db
          .select({ stock: products.stock })
          .from(products)
          .where(eq(products.id, productId));
        const [sold] = await database.db
          .select({ n: sum(orders.quantity) })
          .from(orders)
          .where(eq(orders.productId, productId));
        expect(row!.stock + Number(sold?.n ?? 0)).toBe(STOCK);
        // And the restarted server takes orders again.
        const again = streamOrders({
          urls: [second.url],
          productId,
          customers,
          workers: 2,
          total: 5,
        });
        expect((await again.done).acknowledged).toHaveLength(5);
      } finally {
        await second.stop();
      }
    });
  },
);
