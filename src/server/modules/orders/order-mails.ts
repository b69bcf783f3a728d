import { orderTotalCents } from '../../../shared/money.ts';
import { formatNumber, formatPrice } from '../../../shared/i18n/format.ts';
import { localizePath, type Locale } from '../../../shared/i18n/locale.ts';
import { orderMessagesFor, type OrderMessages } from '../../../shared/order-messages.ts';
import {
  PAYMENT_METHOD_KEYS,
  STATUS_KEYS,
  type OrderStatus,
  type PaymentMethod,
} from '../../../shared/order-lifecycle.ts';
import { dictionaryFor } from '../../lib/locale.ts';
import type { OutgoingMail } from '../mail/outbox.repository.ts';

// The order mails, in plain text and HTML, in the customer's language (docs/decisions/024; the
// shop's own new-order mail is English). They quote only what the shop itself wrote (product
// names come from the catalogue, amounts are computed); the customer's own address text is not
// repeated, so a mail can never carry someone else's words.

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

/** The status mails a customer gets, and their first line. */
const STATUS_INTROS: Partial<Record<OrderStatus, keyof OrderMessages>> = {
  paid: 'mailPaidIntro',
  shipped: 'mailShippedIntro',
  delivered: 'mailDeliveredIntro',
  cancelled: 'mailCancelledIntro',
  refunded: 'mailRefundedIntro',
};

/** The words of a mail in one language: the order mails' and the pages' own. */
function wordsFor(locale: Locale) {
  const words = dictionaryFor(locale);
  const mail = orderMessagesFor(locale);
  return {
    words,
    mail,
    status: (status: string) => words[STATUS_KEYS[status as OrderStatus]] as string,
    method: (method: string) => words[PAYMENT_METHOD_KEYS[method as PaymentMethod]] as string,
    line: (order: MailOrder) =>
      `${order.productName} x ${formatNumber(order.quantity, locale)}: ${formatPrice(orderTotalCents(order.quantity, order.priceCents), locale)}`,
    total: (cents: number) => `${words.total}: ${formatPrice(cents, locale)}`,
    /** A page of the shop, in the mail's language. */
    page: (publicUrl: string, path: string) => `${publicUrl}${localizePath(path, locale)}`,
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function render(
  locale: Locale,
  mail: { to: string; kind: string; subject: string; paragraphs: string[]; link: string },
): OutgoingMail {
  const signature = orderMessagesFor(locale).mailSignature;
  const text = [...mail.paragraphs, '', mail.link, '', signature].join('\n');
  const html =
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1f2937">` +
    mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>` +
    `<p style="color:#6b7280">${escapeHtml(signature)}</p></body></html>`;
  return { to: mail.to, kind: mail.kind, subject: mail.subject, text, html };
}

/** The customer's "placed" mail (in `locale`) and the shop's new-order mail for one checkout. */
export function checkoutPlacedMails(
  publicUrl: string,
  notifyEmail: string | undefined,
  locale: Locale,
  checkout: { id: string; email: string; paymentMethod: PaymentMethod; orders: MailOrder[] },
): OutgoingMail[] {
  const totalCents = checkout.orders.reduce((sum, o) => sum + orderTotalCents(o.quantity, o.priceCents), 0);
  const first = checkout.orders[0]!;
  const summary = (language: Locale) => {
    const w = wordsFor(language);
    return [
      ...checkout.orders.map(w.line),
      w.total(totalCents),
      `${w.words.paymentMethod}: ${w.method(checkout.paymentMethod)}`,
    ];
  };
  const customer = wordsFor(locale);
  const mails = [
    render(locale, {
      to: checkout.email,
      kind: 'order-placed',
      subject: customer.mail.mailPlacedSubject(checkout.id),
      paragraphs: [customer.mail.mailPlacedIntro, ...summary(locale)],
      link: customer.page(publicUrl, `/dashboard/orders/${first.id}`),
    }),
  ];
  if (notifyEmail) {
    const shop = wordsFor('en');
    mails.push(
      render('en', {
        to: notifyEmail,
        kind: 'shop-new-order',
        subject: shop.mail.mailShopSubject(checkout.id),
        paragraphs: [shop.mail.mailShopIntro(checkout.email), ...summary('en')],
        link: shop.page(publicUrl, '/dashboard/manageOrders'),
      }),
    );
  }
  return mails;
}

/** The customer's mail (in `locale`) for a status change; null for moves that send none. */
export function statusMail(
  publicUrl: string,
  locale: Locale,
  order: MailOrder,
  note: string | null,
): OutgoingMail | null {
  const status = order.status as OrderStatus;
  const intro = STATUS_INTROS[status];
  if (!intro) return null;
  const w = wordsFor(locale);
  const paragraphs = [w.mail[intro] as string, w.line(order)];
  if (status === 'shipped' && (order.carrier || order.tracking))
    paragraphs.push(
      `${w.words.carrier}: ${order.carrier ?? '-'}, ${w.words.tracking}: ${order.tracking ?? '-'}`,
    );
  // The shop's own note (a hold that ran out) in the mail's language; an admin's note as written.
  if (note && status === 'cancelled')
    paragraphs.push(note === dictionaryFor('en').expiredNote ? w.words.expiredNote : note);
  return render(locale, {
    to: order.email,
    kind: `order-${status}`,
    subject: w.mail.mailStatusSubject(order.id, w.status(status)),
    paragraphs,
    link: w.page(publicUrl, `/dashboard/orders/${order.id}`),
  });
}
