import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkouts, orders, payments } from '../../db/schema.ts';

// The only place that touches the payments table.

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(
  db: Db,
  payment: {
    checkoutId: string;
    provider: string;
    transactionId: string;
    amountCents: number;
    currency: string;
  },
): Promise<void> {
  await db.insert(payments).values(payment);
}

export async function findPayment(
  db: Db,
  provider: string,
  transactionId: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.transactionId, transactionId)))
    .limit(1);
  return row ?? null;
}

/**
 * Moves a payment out of `pending` once: the conditional update is what makes a duplicate
 * or concurrent notification a no-op. Answers whether this call made the change.
 */
export async function finishPayment(
  db: Db,
  id: string,
  status: 'paid' | 'failed' | 'cancelled' | 'held',
  validationId: string | null,
  details: unknown,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status, validationId, details, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The checkout's orders still waiting for money, and who placed them. */
export async function unpaidOrdersOfCheckout(db: Db, checkoutId: string) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'placed'), eq(orders.paid, false)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

export async function ordersOfCheckout(db: Db, checkoutId: string) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

export async function findCheckoutRow(db: Db, id: string) {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1);
  return row ?? null;
}
