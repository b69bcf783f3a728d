import { formatCents, orderTotalCents } from '../../../shared/money.ts';
import { messages } from '../../../shared/messages.ts';
import { orderMessages } from '../../../shared/order-messages.ts';
import {
  PAYMENT_METHOD_LABELS,
  type OrderStatus,
  type PaymentMethod,
} from '../../../shared/order-lifecycle.ts';
import type { OutgoingMail } from '../mail/outbox.repository.ts';

// The order mails, in plain text and HTML. They quote only what the shop itself wrote
// (product names come from the catalogue, amounts are computed); the customer's own address
// text is not repeated, so a mail can never carry someone else's words.

interface MailOrder {
  id: string;
  email: string;
  productName: string;
  quantity: number;
  priceCents: number;
  status: string;
  paymentMethod: string;
  carrier?: string | null;
  tracking?: string | null;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function render(to: string, kind: string, subject: string, paragraphs: string[], link: string): OutgoingMail {
  const text = [...paragraphs, '', link, '', orderMessages.mailSignature].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:sans-serif;color:#1f2937">` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
    `<p style="color:#6b7280">${escapeHtml(orderMessages.mailSignature)}</p></body></html>`;
  return { to, kind, subject, text, html };
}

const line = (order: MailOrder) =>
  `${order.productName} x ${order.quantity}: ${formatCents(orderTotalCents(order.quantity, order.priceCents))}`;

/** The customer's "placed" mail and the shop's new-order mail for one checkout. */
export function checkoutPlacedMails(
  publicUrl: string,
  notifyEmail: string | undefined,
  checkout: { id: string; email: string; paymentMethod: PaymentMethod; orders: MailOrder[] },
): OutgoingMail[] {
  const totalCents = checkout.orders.reduce((sum, o) => sum + orderTotalCents(o.quantity, o.priceCents), 0);
  const lines = checkout.orders.map(line);
  const method = PAYMENT_METHOD_LABELS[checkout.paymentMethod];
  const first = checkout.orders[0]!;
  const mails = [
    render(
      checkout.email,
      'order-placed',
      orderMessages.mailPlacedSubject(checkout.id),
      [
        orderMessages.mailPlacedIntro,
        ...lines,
        `${messages.total}: ${formatCents(totalCents)}`,
        `${messages.paymentMethod}: ${method}`,
      ],
      `${publicUrl}/dashboard/orders/${first.id}`,
    ),
  ];
  if (notifyEmail)
    mails.push(
      render(
        notifyEmail,
        'shop-new-order',
        orderMessages.mailShopSubject(checkout.id),
        [
          orderMessages.mailShopIntro(checkout.email),
          ...lines,
          `${messages.total}: ${formatCents(totalCents)}`,
          `${messages.paymentMethod}: ${method}`,
        ],
        `${publicUrl}/dashboard/manageOrders`,
      ),
    );
  return mails;
}

/** The customer's mail for a status change; null for moves that send none. */
export function statusMail(publicUrl: string, order: MailOrder, note: string | null): OutgoingMail | null {
  const status = order.status as OrderStatus;
  const intro = orderMessages.mailStatusIntro[status as keyof typeof orderMessages.mailStatusIntro];
  if (!intro) return null;
  const paragraphs = [intro, line(order)];
  if (status === 'shipped' && (order.carrier || order.tracking))
    paragraphs.push(
      `${messages.carrier}: ${order.carrier ?? '-'}, ${messages.tracking}: ${order.tracking ?? '-'}`,
    );
  if (note && status === 'cancelled') paragraphs.push(note);
  return render(
    order.email,
    `order-${status}`,
    orderMessages.mailStatusSubject(status, order.id),
    paragraphs,
    `${publicUrl}/dashboard/orders/${order.id}`,
  );
}
