import { normalizeEmail, sameEmail } from '../../../shared/email.ts';
import { messages } from '../../../shared/messages.ts';
import { CURRENCY } from '../../../shared/constants.ts';
import {
  adminMoves,
  customerActions,
  moveRefusal,
  paidAfter,
  returnsStock,
  type Actor,
  type OrderState,
  type OrderStatus,
  type PaymentMethod,
} from '../../../shared/order-lifecycle.ts';
import { orderMessages } from '../../../shared/order-messages.ts';
import { quantityProblem } from '../../../shared/rules.ts';
import type {
  Order,
  OrderDetail,
  OrderInput,
  OrderStatusInput,
} from '../../../shared/schemas/order.schema.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { After, JsonPage, Page } from '../../lib/listing.ts';
import type { CachedAnswer, ReadCache, StockChange } from '../../lib/read-cache.ts';
import type { Account } from '../users/account.ts';
import { checkoutPlacedMails, statusMail } from './order-mails.ts';
import * as repository from './orders.repository.ts';

// The order rules (spec sections 4, 5 and 9 with their holes filled;
// docs/decisions/003-stock-and-order-rules.md and 017-order-model-and-lifecycle.md):
// - an order is placed for the signed-in account; name, email, product name, image and unit
//   price never come from the request body;
// - every line of a checkout takes its stock in one transaction, all or nothing;
// - an unpaid order holds its stock only for a while (by payment method), and one account's
//   unpaid units are capped;
// - every status change follows src/shared/order-lifecycle.ts, is written to the order's
//   history, and sends its mail through the outbox in the same transaction.

export interface OrderSettings {
  bankTransferHoldMs: number;
  onlineHoldMs: number;
  unpaidCap: number;
  notifyEmail?: string;
  /** Ways to pay this instance offers (SSLCommerz only when configured). */
  methods: readonly PaymentMethod[];
}

/** What the order functions work on. */
export interface OrdersContext {
  db: Db;
  publicUrl: string;
  settings: OrderSettings;
  /** Called after a change that wrote mail, so the outbox sender runs soon. */
  mailWritten?: () => void;
  /**
   * Pages of the order lists as answered, dropped after every order change in this process
   * and on the database's `orders_changed` notification from any other (app.ts); without it
   * every page is read from the database.
   */
  lists?: ReadCache<CachedOrderPage>;
  /**
   * Called after a change that took stock from products or gave it back, with the products and
   * whether one ran out or came back, so that the catalogue's cached answers that show them go
   * at once in this process (app.ts; other processes hear the database's notification).
   */
  stockChanged?: (change: StockChange) => void;
}

/** A page of an order list as the cache keeps it: its JSON and where it ended. */
export interface CachedOrderPage extends CachedAnswer {
  body: string;
  more: boolean;
  last?: After;
}

export function orderSettingsFrom(env: {
  ORDER_HOLD_HOURS: number;
  BANK_TRANSFER_HOLD_HOURS?: number | undefined;
  ONLINE_PAYMENT_HOLD_MINUTES: number;
  UNPAID_QUANTITY_CAP: number;
  ORDERS_NOTIFY_EMAIL?: string | undefined;
  SSLCOMMERZ_STORE_ID?: string | undefined;
  SSLCOMMERZ_STORE_PASSWORD?: string | undefined;
}): OrderSettings {
  const online = env.SSLCOMMERZ_STORE_ID && env.SSLCOMMERZ_STORE_PASSWORD;
  return {
    bankTransferHoldMs: (env.BANK_TRANSFER_HOLD_HOURS ?? env.ORDER_HOLD_HOURS) * 3_600_000,
    onlineHoldMs: env.ONLINE_PAYMENT_HOLD_MINUTES * 60_000,
    unpaidCap: env.UNPAID_QUANTITY_CAP,
    ...(env.ORDERS_NOTIFY_EMAIL ? { notifyEmail: env.ORDERS_NOTIFY_EMAIL } : {}),
    methods: online ? ['cod', 'bank-transfer', 'sslcommerz'] : ['cod', 'bank-transfer'],
  };
}

/** How many times a checkout is retried when a product changed between its decrement and the re-read. */
const PLACE_ATTEMPTS = 3;

export const paidOrderLocked = () =>
  new AppError('CONFLICT', messages.paidOrderNotCancellable, { rule: 'paid-order' });

export interface PlacedCheckout {
  checkoutId: string;
  orders: Order[];
}

/**
 * Places one checkout: one of the spec's orders per line, all reserving their stock together.
 * Refusals speak the order form's words (section 5): 409 'Out of Stock', 422 'You must fulfill
 * the minimum order', with the product named in the details.
 */
export async function placeCheckout(
  ctx: OrdersContext,
  account: Account,
  input: {
    lines: repository.CheckoutLine[];
    phone: string;
    address: string;
    district: string | null;
    paymentMethod: PaymentMethod;
  },
): Promise<PlacedCheckout> {
  if (!ctx.settings.methods.includes(input.paymentMethod))
    throw new AppError('UNPROCESSABLE', messages.paymentMethodNotOffered, { rule: 'payment-method' });
  const holdMs =
    input.paymentMethod === 'sslcommerz' ? ctx.settings.onlineHoldMs : ctx.settings.bankTransferHoldMs;
  const locale = await repository.customerLocale(ctx.db, account.id);
  for (let attempt = 1; attempt <= PLACE_ATTEMPTS; attempt += 1) {
    const result = await repository.placeCheckout(ctx.db, {
      userId: account.id,
      name: account.name,
      email: account.email,
      phone: input.phone,
      address: input.address,
      district: input.district,
      paymentMethod: input.paymentMethod,
      currency: CURRENCY,
      lines: input.lines,
      holdUntil: new Date(Date.now() + holdMs),
      unpaidCap: ctx.settings.unpaidCap,
      mails: ({ checkoutId, orders }) =>
        checkoutPlacedMails(ctx.publicUrl, ctx.settings.notifyEmail, locale, {
          id: checkoutId,
          email: account.email,
          paymentMethod: input.paymentMethod,
          orders: orders.map((o) => ({
            id: o._id,
            email: o.email,
            productName: o.productName,
            quantity: o.quantity,
            priceCents: Math.round(o.price * 100),
            status: o.status ?? 'placed',
            paymentMethod: input.paymentMethod,
          })),
        }),
    });
    if (result.kind === 'placed') {
      ctx.stockChanged?.(result.stock);
      ctx.lists?.invalidate();
      ctx.mailWritten?.();
      return { checkoutId: result.checkoutId, orders: result.orders };
    }
    if (result.kind === 'product-not-found') throw notFound('Product');
    if (result.kind === 'unpaid-cap')
      throw new AppError('CONFLICT', orderMessages.unpaidCap(result.cap), {
        rule: 'unpaid-cap',
        unpaid: result.unpaid,
        cap: result.cap,
      });
    const quantity = input.lines
      .filter((line) => line.productId === result.productId)
      .reduce((sum, line) => sum + line.quantity, 0);
    const problem = quantityProblem(quantity, result.product);
    if (problem === 'out-of-stock')
      throw new AppError('CONFLICT', messages.outOfStock, {
        rule: 'stock',
        productId: result.productId,
        stock: result.product.stock,
      });
    if (problem === 'below-minimum')
      throw new AppError('UNPROCESSABLE', messages.belowMinimumOrder, {
        rule: 'minimum-order',
        productId: result.productId,
        minOrder: result.product.minOrder,
      });
    // Neither rule fails on the row read back: units came back (a cancellation) or the price
    // changed between the first read and the stock update. Try again on what is there now.
  }
  throw new AppError('CONFLICT', messages.outOfStock, { rule: 'stock' });
}

/** POST /api/order (spec section 7): a one-line checkout paid by bank transfer, as today. */
export async function placeOrder(
  ctx: OrdersContext,
  account: Account,
  input: OrderInput,
): Promise<{ insertedId: string }> {
  const placed = await placeCheckout(ctx, account, {
    lines: [{ productId: input.productId, quantity: input.quantity }],
    phone: input.phone,
    address: input.address,
    district: null,
    paymentMethod: 'bank-transfer',
  });
  return { insertedId: placed.orders[0]!._id };
}

/** GET /api/order?email=: one's own orders; an admin may read anyone's. */
export async function listOrders(
  ctx: Pick<OrdersContext, 'db' | 'lists'>,
  account: Account,
  email: string,
  page: Page,
): Promise<JsonPage> {
  if (sameEmail(email, account.email)) return listPage(ctx, { userId: account.id }, page);
  if (!account.isAdmin) throw forbidden('You can only read your own orders');
  return listPage(ctx, { email: normalizeEmail(email) }, page);
}

/** GET /api/orders (admin): every order, or those in one status. */
export function listAllOrders(
  ctx: Pick<OrdersContext, 'db' | 'lists'>,
  status: OrderStatus | undefined,
  page: Page,
): Promise<JsonPage> {
  return listPage(ctx, status ? { status } : {}, page);
}

/**
 * One page of an order list, from the cache when it holds it. Callers have already decided
 * who may read which list; the key names the list and the page exactly.
 */
async function listPage(
  ctx: Pick<OrdersContext, 'db' | 'lists'>,
  filter: repository.OrderFilter,
  page: Page,
): Promise<JsonPage> {
  if (!ctx.lists) return repository.listOrdersJson(ctx.db, filter, page);
  const key = JSON.stringify([
    filter.userId ?? null,
    filter.email ?? null,
    filter.status ?? null,
    page.limit,
    page.offset,
    page.after?.key ?? null,
    page.after?.id ?? null,
  ]);
  const cached = await ctx.lists.get(key, async () => {
    const { json, more, last } = await repository.listOrdersJson(ctx.db, filter, page);
    return { body: json, more, ...(last ? { last } : {}) };
  });
  return { json: cached.body, more: cached.more, ...(cached.last ? { last: cached.last } : {}) };
}

const stateOf = (row: repository.StoredOrder): OrderState => ({
  status: row.status as OrderStatus,
  paid: row.paid,
  paymentMethod: row.paymentMethod as PaymentMethod,
});

/**
 * The ways an order may still be paid: none unless My Orders offers its customer to pay it
 * (customerActions, the one rule). A bank-transfer order may also be paid online, and an online
 * one may fall back to a transfer, as far as the shop takes each.
 */
function payWith(ctx: OrdersContext, row: repository.StoredOrder): PaymentMethod[] {
  if (!customerActions(stateOf(row)).pay) return [];
  const options: PaymentMethod[] = ['sslcommerz', 'bank-transfer'];
  return options.filter((m) => ctx.settings.methods.includes(m));
}

/** GET /api/order/{id}: the order's owner and admins; others 403. */
export async function getOrder(ctx: OrdersContext, account: Account, id: string): Promise<OrderDetail> {
  const row = await repository.findOrder(ctx.db, id);
  if (!row) throw notFound('Order');
  if (!account.isAdmin && row.userId !== account.id) throw forbidden('You can only read your own orders');
  const checkout = row.checkoutId ? await repository.findCheckout(ctx.db, row.checkoutId) : null;
  return {
    ...repository.toOrder(row),
    carrier: row.carrier,
    tracking: row.tracking,
    district: checkout?.checkout.district ?? null,
    history: await repository.listEvents(ctx.db, id),
    adminMoves: account.isAdmin ? adminMoves(stateOf(row)) : [],
    payWith: payWith(ctx, row),
    sameCheckout: (checkout?.orders ?? [])
      .filter((other) => other.id !== row.id)
      .map((other) => {
        const { _id, productName, quantity, total } = repository.toOrder(other);
        return { _id, productName, quantity, total, status: other.status as OrderStatus };
      }),
  };
}

/**
 * GET /api/checkout/{id}/invoice: the checkout's invoice as PDF, in its customer's language, for
 * that customer and admins; others 403.
 */
export async function invoiceOf(ctx: OrdersContext, account: Account, checkoutId: string): Promise<Buffer> {
  const stored = await repository.findCheckout(ctx.db, checkoutId);
  if (!stored) throw notFound('Checkout');
  if (!account.isAdmin && stored.checkout.userId !== account.id)
    throw forbidden('You can only read your own invoices');
  const locale = await repository.customerLocale(ctx.db, stored.checkout.userId);
  const names =
    locale === 'bn'
      ? await repository.bengaliNames(
          ctx.db,
          stored.orders.flatMap((order) => (order.productId ? [order.productId] : [])),
        )
      : new Map<string, string>();
  // pdfkit and its font engine cost about 24 MiB of memory once loaded: loaded with the first
  // invoice asked for, not at start (docs/decisions/016).
  const { renderInvoice } = await import('./invoice.ts');
  return renderInvoice(stored, locale, names);
}

const conflict = (from: string, to: string) =>
  new AppError('CONFLICT', `An order cannot move from ${from} to ${to}`, { rule: 'lifecycle', from, to });

/**
 * Moves an order along its lifecycle as `actor`. Refused moves are 409 with the rule named;
 * `expect` adds conditions checked under the row lock (the owner, the status seen).
 */
export async function moveOrder(
  ctx: OrdersContext,
  id: string,
  move: {
    to: OrderStatus;
    actor: Actor;
    actorId: string | null;
    note?: string | null;
    carrier?: string;
    tracking?: string;
    ownerId?: string;
    onlyFrom?: OrderStatus;
  },
): Promise<repository.StoredOrder> {
  let refusal: AppError | undefined;
  const locale = await repository.orderCustomerLocale(ctx.db, id);
  const result = await repository.transitionOrder(
    ctx.db,
    id,
    (current) => {
      if (move.ownerId !== undefined && current.userId !== move.ownerId) {
        refusal = forbidden('You can only change your own orders');
        return null;
      }
      if (move.onlyFrom && current.status !== move.onlyFrom) {
        refusal = conflict(current.status, move.to);
        return null;
      }
      const state = stateOf(current);
      if (moveRefusal(state, move.to, move.actor)) {
        refusal = conflict(current.status, move.to);
        return null;
      }
      return {
        to: move.to,
        paid: paidAfter(state, move.to),
        returnStock: returnsStock(state.status, move.to),
        actor: move.actor,
        actorId: move.actorId,
        note: move.note ?? null,
        ...(move.to === 'shipped' ? { carrier: move.carrier ?? null, tracking: move.tracking ?? null } : {}),
      };
    },
    (after) => {
      const mail = statusMail(
        ctx.publicUrl,
        locale,
        {
          id: after.id,
          email: after.email,
          productName: after.productName,
          quantity: after.quantity,
          priceCents: after.priceCents,
          status: after.status,
          paymentMethod: after.paymentMethod,
          carrier: after.carrier,
          tracking: after.tracking,
        },
        move.note ?? null,
      );
      return mail ? [mail] : [];
    },
  );
  if (result.kind === 'not-found') throw notFound('Order');
  if (result.kind === 'refused') throw refusal ?? conflict(result.current.status, move.to);
  if (result.stock) ctx.stockChanged?.(result.stock);
  ctx.lists?.invalidate();
  ctx.mailWritten?.();
  return result.after;
}

/** POST /api/order/{id}/status (admin). */
export async function changeStatus(
  ctx: OrdersContext,
  admin: Account,
  id: string,
  input: OrderStatusInput,
): Promise<OrderDetail> {
  await moveOrder(ctx, id, {
    to: input.status,
    actor: 'admin',
    actorId: admin.id,
    note: input.note ?? null,
    ...(input.carrier ? { carrier: input.carrier } : {}),
    ...(input.tracking ? { tracking: input.tracking } : {}),
  });
  return getOrder(ctx, admin, id);
}

/**
 * DELETE /api/order/{id} (spec): cancels. A customer cancels their own order before paying;
 * an admin cancels any order not yet paid or shipped (a paid order is refunded instead: 409).
 * The order stays with status "cancelled" and its history; lists leave it out, so to the
 * spec's pages it is gone, and the answer is still `{ deletedCount: 1 }`.
 */
export async function cancelOrder(
  ctx: OrdersContext,
  account: Account,
  id: string,
): Promise<{ deletedCount: number }> {
  const row = await repository.findOrder(ctx.db, id);
  if (!row || row.status === 'cancelled') throw notFound('Order');
  if (!account.isAdmin && row.userId !== account.id) throw forbidden('You can only cancel your own orders');
  if (row.paid) throw paidOrderLocked();
  try {
    await moveOrder(ctx, id, {
      to: 'cancelled',
      actor: account.isAdmin ? 'admin' : 'customer',
      actorId: account.id,
      ...(account.isAdmin ? {} : { ownerId: account.id }),
    });
  } catch (error) {
    // Paid or cancelled in the meantime: say which.
    const now = await repository.findOrder(ctx.db, id);
    if (!now || now.status === 'cancelled') throw notFound('Order');
    if (now.paid) throw paidOrderLocked();
    throw error;
  }
  return { deletedCount: 1 };
}

/** PATCH /api/order/{id} {paid: true} (admin, spec): the bank transfer arrived. Idempotent. */
export async function markPaid(
  ctx: OrdersContext,
  admin: Account,
  id: string,
): Promise<{ modifiedCount: number }> {
  const row = await repository.findOrder(ctx.db, id);
  if (!row) throw notFound('Order');
  if (row.paid) return { modifiedCount: 0 };
  try {
    await moveOrder(ctx, id, { to: 'paid', actor: 'admin', actorId: admin.id, onlyFrom: 'placed' });
  } catch (error) {
    const now = await repository.findOrder(ctx.db, id);
    if (now?.paid) return { modifiedCount: 0 };
    throw error;
  }
  return { modifiedCount: 1 };
}

/**
 * Cancels the unpaid orders whose hold ran out before `now`, returning their stock and
 * telling their customers. Returns how many were cancelled. Safe to run from several
 * instances at once: each cancellation re-checks the status under the row lock.
 */
export async function expireHolds(ctx: OrdersContext, now = new Date()): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const ids = await repository.expiredHolds(ctx.db, now, 100);
    if (ids.length === 0) return cancelled;
    const before = cancelled;
    for (const id of ids) {
      try {
        await moveOrder(ctx, id, {
          to: 'cancelled',
          actor: 'system',
          actorId: null,
          note: messages.expiredNote,
          onlyFrom: 'placed',
        });
        cancelled += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Paid or cancelled meanwhile: nothing to expire.
      }
    }
    if (ids.length < 100 || cancelled === before) return cancelled;
  }
}
