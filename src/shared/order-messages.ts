import { STATUS_LABELS, type OrderStatus } from './order-lifecycle.ts';

// Words the server writes about orders: the unpaid-items refusal and the order mails (in English
// for now). Words the pages show live in messages.ts with their Bengali.
export const orderMessages = {
  unpaidCap: (cap: number) =>
    `You already have many unpaid items. Pay or cancel some orders first (at most ${cap} unpaid items per account).`,
  // Mails
  mailSignature: 'AgriTools: reliable equipment since 2020',
  mailPlacedSubject: (checkoutId: string) => `Your AgriTools order ${checkoutId.slice(0, 8)} is placed`,
  mailPlacedIntro: 'Thank you for your order. We have reserved these items for you:',
  mailShopSubject: (checkoutId: string) => `New order ${checkoutId.slice(0, 8)}`,
  mailShopIntro: (email: string) => `A new order from ${email}:`,
  mailStatusSubject: (status: OrderStatus, orderId: string) =>
    `Your AgriTools order ${orderId.slice(0, 8)}: ${STATUS_LABELS[status]}`,
  mailStatusIntro: {
    paid: 'We received your payment.',
    shipped: 'Your order is on its way.',
    delivered: 'Your order has been delivered.',
    cancelled: 'Your order has been cancelled and its items returned to stock.',
    refunded: 'Your payment has been refunded.',
  },
} as const;
