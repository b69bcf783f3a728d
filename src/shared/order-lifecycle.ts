// The order lifecycle in one place (docs/decisions/017-order-model-and-lifecycle.md): which
// statuses exist, who may move an order from one to another, and what each move does to the
// spec's `paid` flag and to the stock. The server enforces it; the web reads it to offer
// only the moves that will be accepted.
import { messages } from './messages.ts';

export const ORDER_STATUSES = [
  'placed',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_METHODS = ['cod', 'bank-transfer', 'sslcommerz'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Who asks for a move: the order's own customer, an admin, the shop itself (the expiry job)
 * or a payment provider that proved the money arrived.
 */
export type Actor = 'customer' | 'admin' | 'system' | 'payment';

export interface OrderState {
  status: OrderStatus;
  paid: boolean;
  paymentMethod: PaymentMethod;
}

export type MoveRefusal = 'not-allowed' | 'same-status';

interface Move {
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: readonly Actor[];
  /** Extra condition on the order beyond its status. */
  when?: (order: OrderState) => boolean;
}

const MOVES: readonly Move[] = [
  // Money arrived: an admin saw the bank transfer, or a gateway's payment was validated.
  { from: ['placed'], to: 'paid', by: ['admin', 'payment'] },
  // Cash on delivery goes straight to processing; a paid order is prepared.
  { from: ['placed'], to: 'processing', by: ['admin', 'system'], when: (o) => o.paymentMethod === 'cod' },
  { from: ['paid'], to: 'processing', by: ['admin'] },
  { from: ['processing'], to: 'shipped', by: ['admin'] },
  { from: ['shipped'], to: 'delivered', by: ['admin'] },
  // The customer cancels before paying; an admin cancels anything unpaid before it ships;
  // the expiry job cancels an unpaid order whose hold ran out.
  { from: ['placed'], to: 'cancelled', by: ['customer', 'admin', 'system'] },
  { from: ['processing'], to: 'cancelled', by: ['admin'], when: (o) => !o.paid },
  // Money goes back only for a paid order.
  {
    from: ['paid', 'processing', 'shipped', 'delivered'],
    to: 'refunded',
    by: ['admin'],
    when: (o) => o.paid,
  },
];

/** null when `actor` may move `order` to `to`; otherwise why not. */
export function moveRefusal(order: OrderState, to: OrderStatus, actor: Actor): MoveRefusal | null {
  if (order.status === to) return 'same-status';
  const allowed = MOVES.some(
    (move) =>
      move.to === to &&
      move.from.includes(order.status) &&
      move.by.includes(actor) &&
      (move.when?.(order) ?? true),
  );
  return allowed ? null : 'not-allowed';
}

/** The statuses an admin may move `order` to, in lifecycle order. */
export function adminMoves(order: OrderState): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => moveRefusal(order, to, 'admin') === null);
}

/**
 * The `paid` flag after a move: set by payment, and by delivery of a cash-on-delivery order
 * (the cash changed hands at the door); it stays set afterwards, refunds included, so a
 * refunded order never offers a Pay link again.
 */
export function paidAfter(order: OrderState, to: OrderStatus): boolean {
  if (to === 'paid') return true;
  if (to === 'delivered' && order.paymentMethod === 'cod') return true;
  return order.paid;
}

/** Moves that give the order's quantity back to the product: goods that never left. */
export function returnsStock(from: OrderStatus, to: OrderStatus): boolean {
  if (to === 'cancelled') return true;
  return to === 'refunded' && (from === 'paid' || from === 'processing');
}

/** Orders still waiting for money hold stock only for a while. */
export function isUnpaidHold(order: Pick<OrderState, 'status' | 'paymentMethod'>): boolean {
  return order.status === 'placed' && order.paymentMethod !== 'cod';
}

/**
 * What the order's own customer may still do with it on My Orders: pay while it waits for money
 * (not cash on delivery, which is paid at the door), cancel while it is only placed. An order
 * in the spec's shape, without a status, is a placed order paid in advance.
 */
export function customerActions(order: {
  paid: boolean;
  status?: OrderStatus;
  paymentMethod?: PaymentMethod;
}): {
  pay: boolean;
  cancel: boolean;
} {
  const state: OrderState = {
    status: order.status ?? 'placed',
    paid: order.paid,
    paymentMethod: order.paymentMethod ?? 'bank-transfer',
  };
  return {
    pay: !state.paid && isUnpaidHold(state),
    cancel: moveRefusal(state, 'cancelled', 'customer') === null && !state.paid,
  };
}

/** Statuses whose orders count against a customer's unpaid quantity. */
export const UNPAID_STATUSES: readonly OrderStatus[] = ['placed', 'processing', 'shipped'];

/** The dictionary key of each status's name, for text in any language (mails, invoices). */
export const STATUS_KEYS = {
  placed: 'statusPlaced',
  paid: 'statusPaid',
  processing: 'statusProcessing',
  shipped: 'statusShipped',
  delivered: 'statusDelivered',
  cancelled: 'statusCancelled',
  refunded: 'statusRefunded',
} as const satisfies Record<OrderStatus, keyof typeof messages>;

/** The dictionary key of each way to pay's name. */
export const PAYMENT_METHOD_KEYS = {
  cod: 'methodCod',
  'bank-transfer': 'methodBankTransfer',
  sslcommerz: 'methodSslcommerz',
} as const satisfies Record<PaymentMethod, keyof typeof messages>;

/** The English words for each status (messages.ts); a page shows them with `translate`. */
export const STATUS_LABELS = Object.fromEntries(
  Object.entries(STATUS_KEYS).map(([status, key]) => [status, messages[key]]),
) as Record<OrderStatus, string>;

export const PAYMENT_METHOD_LABELS = Object.fromEntries(
  Object.entries(PAYMENT_METHOD_KEYS).map(([method, key]) => [method, messages[key]]),
) as Record<PaymentMethod, string>;
