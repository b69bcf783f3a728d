import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { COMPANY_NAME } from '../../../shared/constants.ts';
import { formatDate, formatNumber, formatPrice } from '../../../shared/i18n/format.ts';
import type { Locale } from '../../../shared/i18n/locale.ts';
import { orderTotalCents, type Cents } from '../../../shared/money.ts';
import {
  PAYMENT_METHOD_KEYS,
  STATUS_KEYS,
  type OrderStatus,
  type PaymentMethod,
} from '../../../shared/order-lifecycle.ts';
import { dictionaryFor } from '../../lib/locale.ts';
import { districtName } from '../../../shared/districts.ts';
import type { StoredCheckout } from './orders.repository.ts';

// The PDF invoice of one checkout (docs/decisions/029-invoices.md), in the customer's language.
// pdfkit draws it; its font engine (fontkit) shapes Bengali conjuncts from Noto Sans Bengali,
// the font the Bengali pages use. That font's Bengali file holds only Bengali letters, so each
// line is written in runs: Bengali letters in Noto Sans Bengali, everything else (Latin,
// digits typed by a person, spaces, punctuation) in Helvetica.

const require = createRequire(import.meta.url);
const BENGALI_FONT =
  require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff');
const BENGALI_BOLD_FONT =
  require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff');

/** Letters the Bengali font file covers (its unicode-range), taka sign and joiners included. */
const BENGALI_RUN = /([\u0951\u0952\u0964\u0965\u0980-\u09FE\u200C\u200D]+)/u;

interface Cell {
  text: string;
  x: number;
  width: number;
  align?: 'left' | 'right';
  bold?: boolean;
}

const fontOf = (run: string, bold: boolean) =>
  BENGALI_RUN.test(run) ? (bold ? 'bengali-bold' : 'bengali') : bold ? 'Helvetica-Bold' : 'Helvetica';

/**
 * Writes `text` at (x, y) within `width`, switching fonts between Bengali and other runs. A
 * left-aligned cell flows (and wraps) run after run; a right-aligned one is a single line whose
 * runs are measured and placed one after another, since pdfkit aligns each run on its own.
 */
function write(doc: PDFKit.PDFDocument, { text, x, width, align = 'left', bold = false }: Cell, y: number) {
  const runs = text.split(BENGALI_RUN).filter((run) => run.length > 0);
  if (align === 'right') {
    const widths = runs.map((run) => doc.font(fontOf(run, bold)).widthOfString(run));
    let at = x + width - widths.reduce((sum, w) => sum + w, 0);
    runs.forEach((run, index) => {
      doc.font(fontOf(run, bold)).text(run, at, y, { lineBreak: false });
      at += widths[index]!;
    });
    return;
  }
  runs.forEach((run, index) => {
    doc.font(fontOf(run, bold));
    const options = { width, continued: index < runs.length - 1 };
    if (index === 0) doc.text(run, x, y, options);
    else doc.text(run, options);
  });
}

/**
 * The invoice as PDF bytes. `productNames` gives a line's name in the invoice's language when
 * the catalogue has one (the order keeps the English name it was bought under).
 */
export function renderInvoice(
  stored: StoredCheckout,
  locale: Locale,
  productNames: Map<string, string> = new Map(),
): Promise<Buffer> {
  const words = dictionaryFor(locale);
  const money = (cents: Cents) => formatPrice(cents, locale);
  const { checkout, orders } = stored;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${words.invoiceTitle} ${checkout.id}`, Author: COMPANY_NAME },
  });
  doc.registerFont('bengali', BENGALI_FONT);
  doc.registerFont('bengali-bold', BENGALI_BOLD_FONT);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  const full = right - left;
  let y = 50;
  doc.fontSize(20);
  write(doc, { text: COMPANY_NAME, x: left, width: full / 2, bold: true }, y);
  write(
    doc,
    { text: words.invoiceTitle, x: left + full / 2, width: full / 2, align: 'right', bold: true },
    y,
  );
  y += 34;
  doc.fontSize(10);
  const pairs: Array<[string, string]> = [
    [words.invoiceNumber, checkout.id],
    [words.invoiceDate, formatDate(checkout.createdAt, locale)],
    [words.invoiceBilledTo, checkout.name],
    [words.email, checkout.email],
    [words.phone, checkout.phone],
    [words.address, checkout.address],
    ...(checkout.district
      ? [[words.district, districtName(checkout.district, locale)] as [string, string]]
      : []),
    [words.payment, words[PAYMENT_METHOD_KEYS[checkout.paymentMethod as PaymentMethod]] as string],
  ];
  for (const [label, value] of pairs) {
    write(doc, { text: label, x: left, width: 120, bold: true }, y);
    write(doc, { text: value, x: left + 130, width: full - 130 }, y);
    y = Math.max(doc.y, y + 14) + 4;
  }

  y += 16;
  const columns = {
    item: { x: left, width: full - 290 },
    quantity: { x: right - 290, width: 60 },
    unit: { x: right - 220, width: 80 },
    status: { x: right - 140, width: 60 },
    amount: { x: right - 80, width: 80 },
  };
  const header: Cell[] = [
    { text: words.invoiceItem, ...columns.item, bold: true },
    { text: words.quantity, ...columns.quantity, align: 'right', bold: true },
    { text: words.pricePerUnit, ...columns.unit, align: 'right', bold: true },
    { text: words.status, ...columns.status, align: 'right', bold: true },
    { text: words.invoiceAmount, ...columns.amount, align: 'right', bold: true },
  ];
  header.forEach((cell) => write(doc, cell, y));
  y += 18;
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#9ca3af').stroke();
  y += 8;
  let totalCents = 0;
  for (const order of orders) {
    const lineCents = orderTotalCents(order.quantity, order.priceCents);
    // Cancelled and refunded lines are shown, and count for nothing.
    const counts = order.status !== 'cancelled' && order.status !== 'refunded';
    if (counts) totalCents += lineCents;
    const name = (order.productId && productNames.get(order.productId)) || order.productName;
    const top = y;
    write(doc, { text: name, ...columns.item }, top);
    const bottom = doc.y;
    write(doc, { text: formatNumber(order.quantity, locale), ...columns.quantity, align: 'right' }, top);
    write(doc, { text: money(order.priceCents), ...columns.unit, align: 'right' }, top);
    write(
      doc,
      { text: words[STATUS_KEYS[order.status as OrderStatus]] as string, ...columns.status, align: 'right' },
      top,
    );
    write(doc, { text: money(counts ? lineCents : 0), ...columns.amount, align: 'right' }, top);
    y = Math.max(bottom, doc.y, top + 14) + 8;
    if (y > doc.page.height - 120) {
      doc.addPage();
      y = 50;
    }
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#9ca3af').stroke();
  y += 10;
  doc.fontSize(12);
  write(doc, { text: words.total, x: right - 220, width: 120, align: 'right', bold: true }, y);
  write(doc, { text: money(totalCents), x: right - 100, width: 100, align: 'right', bold: true }, y);
  y += 40;
  doc.fontSize(10);
  write(doc, { text: words.invoiceThanks, x: left, width: full }, y);
  doc.end();
  return done;
}
