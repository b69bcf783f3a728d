import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, ne, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, mailOutbox, orders, products } from '../../src/server/db/schema.ts';
import { MAIL_LEASE_MS } from '../../src/server/modules/mail/outbox.sender.ts';
import { openTestDatabase } from '../support/test-database.ts';
import { startServerProcess } from '../support/server-process.ts';
import { seedOrderStream, SYSTEM_SECRET, type Customer } from '../support/order-stream.ts';

// SIGKILL in the middle of a stream of three-line checkouts (docs/decisions/017, 018): after a
// restart no checkout is half there, every product's stock and sold units add up, and the
// outbox holds exactly one placed-mail per stored checkout, which the restarted sender delivers
// once (its file is named by the outbox row, so a second delivery could not add a second file).
const STOCK = 3_000;
const QUANTITIES = [1, 2, 1];
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Checkouts of the three products from `workers` loops until stopped; the acknowledged ids. */
function streamCheckouts(url: string, productIds: string[], customers: Customer[], workers: number) {
  const acknowledged: string[] = [];
  let serverErrors = 0;
  let stopped = false;
  let attempts = 0;
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const body = JSON.stringify({
    items: productIds.map((productId, index) => ({ productId, quantity: QUANTITIES[index] })),
    phone: '01712345678',
    address: 'Crash farm 3',
    district: 'Rajshahi',
    paymentMethod: 'cod',
  });
  const worker = async () => {
    while (!stopped) {
      const customer = customers[attempts++ % customers.length]!;
      try {
        const response = await fetch(`${url}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: customer.authorization },
          body,
        });
        const data = (await response.json()) as { checkoutId?: string };
        if (response.status === 201 && data.checkoutId) acknowledged.push(data.checkoutId);
        else if (response.status >= 500) serverErrors += 1;
      } catch {
        // No answer: the server was killed under this request.
      }
      for (const w of waiting.filter((w) => acknowledged.length >= w.count)) w.resolve();
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    acknowledgedAtLeast: (count: number) =>
      new Promise<void>((resolve) => {
        if (acknowledged.length >= count) resolve();
        else waiting.push({ count, resolve });
      }),
    stop: async () => {
      stopped = true;
      await done;
      return { acknowledged, serverErrors };
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('checkouts interrupted by SIGKILL on PostgreSQL', () => {
  it('leaves no half checkout, stock that adds up, and one placed-mail per checkout, sent once', async () => {
    const { productId, customers } = await seedOrderStream(database.db, {
      name: 'Crash sprayer',
      stock: STOCK,
      customerCount: 12,
    });
    const others = await database.db
      .insert(products)
      .values(
        ['Crash hoe', 'Crash crate'].map((name) => ({
          name,
          priceCents: 1250,
          description: 'd',
          minOrder: 1,
          stock: STOCK,
          img: '/images/x.svg',
        })),
      )
      .returning({ id: products.id });
    const productIds = [productId, ...others.map((row) => row.id)];
    const customerIds = customers.map((customer) => customer.id);
    const dataDir = mkdtempSync(join(tmpdir(), 'agritools-checkout-crash-'));
    const env = { DATABASE_URL: database.url!, AUTH_SECRET: SYSTEM_SECRET, DATA_DIR: dataDir };

    const first = await startServerProcess(env, 3316);
    const stream = streamCheckouts(first.url, productIds, customers, 8);
    await stream.acknowledgedAtLeast(40);
    await first.kill();
    const { acknowledged, serverErrors } = await stream.stop();
    expect(serverErrors).toBe(0);

    const second = await startServerProcess(env, 3316);
    try {
      const stored = await database.db
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(inArray(checkouts.userId, customerIds));
      const storedIds = stored.map((row) => row.id);
      // Every acknowledged checkout is there, and no stored checkout lacks a line.
      expect(storedIds).toEqual(expect.arrayContaining(acknowledged));
      const lines = await database.db
        .select({ checkoutId: orders.checkoutId, productId: orders.productId, quantity: orders.quantity })
        .from(orders)
        .where(inArray(orders.checkoutId, storedIds));
      for (const id of storedIds)
        expect(
          lines
            .filter((line) => line.checkoutId === id)
            .map((line) => `${line.productId}:${line.quantity}`)
            .sort(),
          id,
        ).toEqual(productIds.map((p, index) => `${p}:${QUANTITIES[index]}`).sort());
      // Stock and sold units add up for every product.
      for (const [index, id] of productIds.entries()) {
        const [row] = await database.db
          .select({ stock: products.stock })
          .from(products)
          .where(eq(products.id, id));
        const [sold] = await database.db
          .select({ n: sum(orders.quantity) })
          .from(orders)
          .where(and(eq(orders.productId, id), ne(orders.status, 'cancelled')));
        expect(row!.stock + Number(sold?.n ?? 0), `product ${index}`).toBe(STOCK);
      }
      // One placed-mail per stored checkout: none lost with a rolled-back checkout, none doubled.
      const emails = customers.map((customer) => customer.email);
      const placedMails = () =>
        database.db
          .select({
            id: mailOutbox.id,
            subject: mailOutbox.subject,
            sentAt: mailOutbox.sentAt,
            attempts: mailOutbox.attempts,
            nextAttemptAt: mailOutbox.nextAttemptAt,
          })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.kind, 'order-placed'), inArray(mailOutbox.to, emails)));
      const mails = await placedMails();
      expect(mails).toHaveLength(storedIds.length);
      for (const id of storedIds)
        expect(
          mails.filter((mail) => mail.subject.includes(id.slice(0, 8))),
          id,
        ).toHaveLength(1);
      // The restarted sender delivers every mail the killed one had not claimed; a mail it had
      // claimed waits for its lease to run out (MAIL_LEASE_MS), then goes out: none is lost.
      const undelivered = async () =>
        (await placedMails()).filter(
          (mail) => !mail.sentAt && !(mail.attempts > 0 && mail.nextAttemptAt.getTime() > Date.now()),
        ).length;
      await expect.poll(undelivered, { timeout: 60_000 }).toBe(0);
      const after = await placedMails();
      const leaseEnd = Date.now() + MAIL_LEASE_MS;
      for (const mail of after.filter((row) => !row.sentAt))
        expect(mail.nextAttemptAt.getTime(), String(mail.id)).toBeLessThanOrEqual(leaseEnd);
      const folder = join(dataDir, 'outbox');
      const files = existsSync(folder) ? readdirSync(folder) : [];
      for (const mail of after.filter((row) => row.sentAt))
        expect(files, String(mail.id)).toContain(`outbox-${mail.id}.eml`);
    } finally {
      await second.stop();
    }
  });
});
