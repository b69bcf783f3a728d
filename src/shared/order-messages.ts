import { STATUS_LABELS, type OrderStatus } from './order-lifecycle.ts';

// Words of the cart, checkout, order page, payment page and order mails (not in the spec;
// the spec's own strings stay in messages.ts).
export const orderMessages = {
  // Cart and checkout
  addToCart: 'Add to cart',
  addedToCart: 'Added to your cart',
  cart: 'Cart',
  yourCart: 'Your cart',
  cartEmpty: 'Your cart is empty',
  removeLine: 'Remove',
  total: 'Total',
  checkout: 'Checkout',
  placeCheckout: 'Place order',
  district: 'Delivery district',
  chooseDistrict: 'Choose a district',
  districtRequired: 'Choose a delivery district',
  paymentMethod: 'Payment method',
  checkoutPlaced: 'Your order has been placed',
  unpaidCap: (cap: number) =>
    `You already have many unpaid items. Pay or cancel some orders first (at most ${cap} unpaid items per account).`,
  // Order page
  orderTitle: 'Order',
  history: 'History',
  status: 'Status',
  carrier: 'Carrier',
  tracking: 'Tracking',
  note: 'Note',
  holdUntil: (when: string) => `Pay by ${when} or the order is cancelled and its items return to stock.`,
  moveTo: 'Move to',
  allStatuses: 'All statuses',
  orderMoved: 'Order updated',
  viewOrder: 'View',
  // Payment page
  payWith: 'Ways to pay',
  payOnline: 'Pay online',
  bankTransferInstructions:
    'Transfer the total to AgriTools Ltd., account 0123456789, Dutch-Bangla Bank, Rajshahi branch, with the order id as reference. We mark the order paid when the money arrives.',
  codInstructions: 'Pay in cash when the goods arrive.',
  paymentSucceeded: 'Payment received. Thank you!',
  paymentFailed: 'The payment did not go through. You can try again.',
  paymentCancelled: 'The payment was cancelled. You can try again.',
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
  expiredNote: 'Not paid in time: the reserved items went back to stock.',
} as const;
