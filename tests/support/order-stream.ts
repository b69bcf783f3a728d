// Streams of real orders against running server processes, for the crash and multi-instance
// scenarios (used by tests/system and bench/crash-pglite.bench.ts).
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import { products, sessions, users } from '../../src/server/db/schema.ts';
import { createAccessTokens } from '../../src/server/lib/access-token.ts';
import { liveSessionRow } from '../factories/users.ts';

export const SYSTEM_SECRET = 'system-test-secret-system-test-secret-0123';

export interface Customer {
  id: string;
  email: string;
  sessionId: string;
  authorization: string;
}

/** n customers with their signed access tokens; insertCustomers writes their rows. */
async function makeCustomers(n: number): Promise<Customer[]> {
  const tokens = createAccessTokens(SYSTEM_SECRET);
  const customers: Customer[] = [];
  for (let i = 0; i < n; i += 1) {
    const id = `sys${randomBytes(6).toString('hex')}`;
    const email = `${id}@system.test`;
    const sessionId = `sess${randomBytes(8).toString('hex')}`;
    const token = await tokens.sign({ userId: id, email, sessionId });
    customers.push({ id, email, sessionId, authorization: `Bearer ${token}` });
  }
  return customers;
}

/** The customers' user rows and the identity sessions their tokens are bound to. */
async function insertCustomers(db: Db, customers: Customer[]): Promise<void> {
  await db.insert(users).values(customers.map((c) => ({ id: c.id, email: c.email, name: c.id })));
  await db.insert(sessions).values(customers.map((c) => liveSessionRow(c.id, c.sessionId)));
}

/**
 * What an order stream needs, written straight to the database: one product with `stock`
 * units and `customerCount` customers with live sessions and access tokens.
 */
export async function seedOrderStream(
  db: Db,
  { name, stock, customerCount }: { name: string; stock: number; customerCount: number },
): Promise<{ productId: string; customers: Customer[] }> {
  const [product] = await db
    .insert(products)
    .values({ name, priceCents: 999, description: 'd', minOrder: 1, stock, img: '/images/x.svg' })
    .returning({ id: products.id });
  if (!product) throw new Error('product insert returned nothing');
  const customers = await makeCustomers(customerCount);
  await insertCustomers(db, customers);
  return { productId: product.id, customers };
}

export interface StreamResult {
  /** insertedId of every order the server acknowledged with a 2xx. */
  acknowledged: string[];
  /** Responses refused with a 4xx (out of stock and the like). */
  refused: number;
  /** Requests that got no answer (connection reset by a kill). */
  unanswered: number;
  /** Any 5xx answers. */
  serverErrors: number;
}

/**
 * Places orders of quantity 1 from `workers` concurrent loops, spreading them across `urls`,
 * until `total` attempts were made or `stop()` is called.
 */
export function streamOrders(options: {
  urls: string[];
  productId: string;
  customers: Customer[];
  workers: number;
  total: number;
}) {
  const result: StreamResult = { acknowledged: [], refused: 0, unanswered: 0, serverErrors: 0 };
  let attempts = 0;
  let stopped = false;
  const listeners: Array<() => void> = [];
  const body = JSON.stringify({
    productId: options.productId,
    quantity: 1,
    phone: '01712345678',
    address: 'Stream farm 7',
  });
  const worker = async (w: number) => {
    while (!stopped && attempts < options.total) {
      const n = attempts++;
      const customer = options.customers[n % options.customers.length]!;
      const url = options.urls[(n + w) % options.urls.length]!;
      try {
        const response = await fetch(`${url}/api/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: customer.authorization },
          body,
        });
        const data = (await response.json()) as { insertedId?: string };
        if (response.ok && data.insertedId) result.acknowledged.push(data.insertedId);
        else if (response.status >= 500) result.serverErrors += 1;
        else result.refused += 1;
      } catch {
        result.unanswered += 1;
      }
      for (const listener of listeners) listener();
    }
  };
  const done = Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w))).then(() => result);
  return {
    result,
    done,
    stop() {
      stopped = true;
    },
    /** Resolves once `count` orders have been acknowledged. */
    acknowledgedAtLeast(count: number) {
      return new Promise<void>((resolve) => {
        const check = () => {
          if (result.acknowledged.length >= count || stopped) resolve();
        };
        listeners.push(check);
        check();
      });
    },
  };
}
