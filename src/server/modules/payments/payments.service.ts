import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CURRENCY } from '../../../shared/constants.ts';
import { orderTotalCents } from '../../../shared/money.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Account } from '../users/account.ts';
import { moveOrder, type OrdersContext } from '../orders/orders.service.ts';
import * as orderRepository from '../orders/orders.repository.ts';
import type { SslcommerzClient } from './sslcommerz.client.ts';
import * as repository from './payments.repository.ts';
import { messages } from '../../../shared/messages.ts';

// Payments (docs/decisions/019-payment-flow.md). Three ways to pay share one shape:
// - cash on delivery: nothing to start; the order is prepared at once and paid at the door;
// - bank transfer: nothing to start; the payment page shows the instructions and an admin
//   marks the order paid when the money arrives;
// - SSLCommerz hosted checkout: start() opens a gateway session and answers its page;
//   settle() is the one way such a payment becomes "paid", used by the browser's return and
//   the gateway's IPN alike. It asks the gateway's validation API itself and checks amount and
//   currency against what the shop asked for; duplicates, late and forged notices change
//   nothing.

export const SSLCOMMERZ = 'sslcommerz';

export interface PaymentsContext {
  orders: OrdersContext;
  log: FastifyBaseLogger;
  sslcommerz?: { client: SslcommerzClient };
}

const toAmount = (cents: number) => (cents / 100).toFixed(2);
const toCents = (amount: unknown) => {
  const value = Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : NaN;
};

/**
 * Opens a gateway session for what the checkout still owes; answers the page to send the
 * buyer to. Each attempt is its own transaction id, so an abandoned attempt never blocks a new one.
 */
export async function startSslcommerz(ctx: PaymentsContext, checkoutId: string): Promise<string> {
  if (!ctx.sslcommerz)
    throw new AppError('UNPROCESSABLE', messages.paymentMethodNotOffered, { rule: 'payment-method' });
  const db = ctx.orders.db;
  const checkout = await repository.findCheckoutRow(db, checkoutId);
  if (!checkout) throw notFound('Checkout');
  const owed = await repository.unpaidOrdersOfCheckout(db, checkoutId);
  if (owed.length === 0) throw new AppError('CONFLICT', messages.nothingToPayFor, { rule: 'nothing-owed' });
  const amountCents = owed.reduce((sum, o) => sum + orderTotalCents(o.quantity, o.priceCents), 0);
  const tranId = `AGT-${randomBytes(10).toString('hex')}`;
  await repository.insertPayment(db, {
    checkoutId,
    provider: SSLCOMMERZ,
    transactionId: tranId,
    amountCents,
    currency: CURRENCY,
  });
  const api = `${ctx.orders.publicUrl}/api/payments/sslcommerz`;
  const session = await ctx.sslcommerz.client.startSession({
    tranId,
    amount: toAmount(amountCents),
    currency: CURRENCY,
    successUrl: `${api}/success`,
    failUrl: `${api}/fail`,
    cancelUrl: `${api}/cancel`,
    ipnUrl: `${api}/ipn`,
    customer: {
      name: checkout.name,
      email: checkout.email,
      phone: checkout.phone,
      address: checkout.address,
      city: checkout.district ?? 'Bangladesh',
    },
    productName: owed
      .map((o) => o.productName)
      .join(', ')
      .slice(0, 250),
    items: owed.length,
  });
  return session.gatewayPageUrl;
}

/** POST /api/order/{id}/pay: the owner starts an online payment for the order's checkout. */
export async function payOrderOnline(
  ctx: PaymentsContext,
  account: Account,
  orderId: string,
): Promise<string> {
  const order = await orderRepository.findOrder(ctx.orders.db, orderId);
  if (!order) throw notFound('Order');
  if (order.userId !== account.id) throw forbidden('You can only pay for your own orders');
  if (order.status !== 'placed' || order.paid || !order.checkoutId || order.paymentMethod === 'cod')
    throw new AppError('CONFLICT', messages.notWaitingForPayment, { rule: 'not-payable' });
  return startSslcommerz(ctx, order.checkoutId);
}

export type SettleResult =
  | { kind: 'paid'; checkoutId: string }
  | { kind: 'already'; checkoutId: string }
  | { kind: 'ignored'; reason: string; checkoutId?: string };

/**
 * The one way an SSLCommerz payment becomes "paid". Never throws for anything a caller sent:
 * unknown transactions, forged or mismatched payments are ignored (and logged).
 */
export async function settleSslcommerz(
  ctx: PaymentsContext,
  notice: { tranId?: string; valId?: string },
  source: 'ipn' | 'return',
): Promise<SettleResult> {
  if (!ctx.sslcommerz) return { kind: 'ignored', reason: 'not-configured' };
  if (!notice.tranId || !notice.valId) return { kind: 'ignored', reason: 'incomplete' };
  const db = ctx.orders.db;
  const payment = await repository.findPayment(db, SSLCOMMERZ, notice.tranId);
  if (!payment) return { kind: 'ignored', reason: 'unknown-transaction' };
  if (payment.status === 'paid') {
    // A duplicate (or a retry after a crash between the two steps below): make sure the
    // orders followed, and change nothing else.
    await markOrdersPaid(ctx, payment.checkoutId, payment.transactionId);
    return { kind: 'already', checkoutId: payment.checkoutId };
  }
  if (payment.status !== 'pending')
    return { kind: 'ignored', reason: `payment-${payment.status}`, checkoutId: payment.checkoutId };

  const validation = await ctx.sslcommerz.client.validate(notice.valId);
  const valid = validation.status === 'VALID' || validation.status === 'VALIDATED';
  // A payment in another currency is converted by the gateway: currency_type and
  // currency_amount are what the shop asked for, amount is in BDT.
  const currency = String(validation.currency_type ?? validation.currency ?? '');
  const amountCents = toCents(validation.currency_amount ?? validation.amount);
  const problem = !valid
    ? `status-${validation.status}`
    : validation.tran_id !== payment.transactionId
      ? 'transaction-mismatch'
      : currency !== payment.currency
        ? 'currency-mismatch'
        : amountCents !== payment.amountCents
          ? 'amount-mismatch'
          : null;
  if (problem) {
    ctx.log.warn({ tranId: payment.transactionId, problem, source }, 'SSLCommerz notice refused');
    return { kind: 'ignored', reason: problem, checkoutId: payment.checkoutId };
  }
  if (validation.risk_level === '1') {
    // The gateway asks the merchant to hold risky payments: an admin decides.
    await repository.finishPayment(db, payment.id, 'held', notice.valId, validation);
    ctx.log.warn({ tranId: payment.transactionId }, 'SSLCommerz payment held for review (risk_level 1)');
    return { kind: 'ignored', reason: 'risk-held', checkoutId: payment.checkoutId };
  }
  const won = await repository.finishPayment(db, payment.id, 'paid', notice.valId, validation);
  await markOrdersPaid(ctx, payment.checkoutId, payment.transactionId);
  return won
    ? { kind: 'paid', checkoutId: payment.checkoutId }
    : { kind: 'already', checkoutId: payment.checkoutId };
}

/** Moves the checkout's orders still placed to paid (each under its own row lock). */
async function markOrdersPaid(ctx: PaymentsContext, checkoutId: string, tranId: string): Promise<void> {
  for (const order of await repository.unpaidOrdersOfCheckout(ctx.orders.db, checkoutId)) {
    try {
      await moveOrder(ctx.orders, order.id, {
        to: 'paid',
        actor: 'payment',
        actorId: null,
        note: `SSLCommerz ${tranId}`,
        onlyFrom: 'placed',
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}

/** The buyer came back through "fail" or "cancel": the attempt ends; the order still waits. */
export async function endSslcommerzAttempt(
  ctx: PaymentsContext,
  tranId: string | undefined,
  status: 'failed' | 'cancelled',
): Promise<string | null> {
  if (!tranId) return null;
  const payment = await repository.findPayment(ctx.orders.db, SSLCOMMERZ, tranId);
  if (!payment) return null;
  await repository.finishPayment(ctx.orders.db, payment.id, status, null, null);
  return payment.checkoutId;
}

/** The first order of a checkout: where the buyer lands after the gateway. */
export async function firstOrderOf(ctx: PaymentsContext, checkoutId: string): Promise<string | null> {
  const [first] = await repository.ordersOfCheckout(ctx.orders.db, checkoutId);
  return first?.id ?? null;
}
