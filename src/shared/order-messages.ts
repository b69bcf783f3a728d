import type { DictionaryOf } from './i18n/dictionary.ts';
import type { Locale } from './i18n/locale.ts';
import { toBengaliDigits } from './i18n/format.ts';

// Words the server writes about orders: the unpaid-items refusal and the order mails, in English
// and in Bengali (a customer's mails follow the language they last used, docs/decisions/024).
// Words the pages show live in messages/ with their Bengali.
export const orderMessages = {
  unpaidCap: (cap: number) =>
    `You already have many unpaid items. Pay or cancel some orders first (at most ${cap} unpaid items per account).`,
  // Mails
  mailSignature: 'AgriTools: reliable equipment since 2020',
  mailPlacedSubject: (checkoutId: string) => `Your AgriTools order ${checkoutId.slice(0, 8)} is placed`,
  mailPlacedIntro: 'Thank you for your order. We have reserved these items for you:',
  mailShopSubject: (checkoutId: string) => `New order ${checkoutId.slice(0, 8)}`,
  mailShopIntro: (email: string) => `A new order from ${email}:`,
  /** `status` is the status's name in the mail's language. */
  mailStatusSubject: (orderId: string, status: string) =>
    `Your AgriTools order ${orderId.slice(0, 8)}: ${status}`,
  mailPaidIntro: 'We received your payment.',
  mailShippedIntro: 'Your order is on its way.',
  mailDeliveredIntro: 'Your order has been delivered.',
  mailCancelledIntro: 'Your order has been cancelled and its items returned to stock.',
  mailRefundedIntro: 'Your payment has been refunded.',
} as const;

export const bnOrderMessages = {
  unpaidCap: (cap: number) =>
    `আপনার অনেকগুলো পণ্যের দাম এখনো পরিশোধ হয়নি। আগে কিছু অর্ডারের দাম দিন বা বাতিল করুন (প্রতি অ্যাকাউন্টে সর্বোচ্চ ${toBengaliDigits(String(cap))}টি অপরিশোধিত পণ্য)।`,
  mailSignature: 'AgriTools: ২০২০ সাল থেকে নির্ভরযোগ্য যন্ত্রপাতি',
  mailPlacedSubject: (checkoutId: string) => `আপনার AgriTools অর্ডার ${checkoutId.slice(0, 8)} দেওয়া হয়েছে`,
  mailPlacedIntro: 'অর্ডারের জন্য ধন্যবাদ। এই পণ্যগুলো আপনার জন্য রাখা হয়েছে:',
  mailShopSubject: (checkoutId: string) => `নতুন অর্ডার ${checkoutId.slice(0, 8)}`,
  mailShopIntro: (email: string) => `${email} থেকে একটি নতুন অর্ডার:`,
  mailStatusSubject: (orderId: string, status: string) =>
    `আপনার AgriTools অর্ডার ${orderId.slice(0, 8)}: ${status}`,
  mailPaidIntro: 'আমরা আপনার পেমেন্ট পেয়েছি।',
  mailShippedIntro: 'আপনার অর্ডার পথে আছে।',
  mailDeliveredIntro: 'আপনার অর্ডার পৌঁছে দেওয়া হয়েছে।',
  mailCancelledIntro: 'আপনার অর্ডার বাতিল হয়েছে এবং পণ্যগুলো স্টকে ফিরে গেছে।',
  mailRefundedIntro: 'আপনার টাকা ফেরত দেওয়া হয়েছে।',
} as const satisfies DictionaryOf<typeof orderMessages>;

export type OrderMessages = DictionaryOf<typeof orderMessages>;

export const orderMessagesFor = (locale: Locale): OrderMessages =>
  locale === 'bn' ? bnOrderMessages : orderMessages;
