// Numbers, prices and dates in the reader's language (docs/decisions/023). Bengali uses
// Bengali digits with Bangladesh's lakh grouping (১২,৩৪,৫৬৭), prices in the shop's own
// currency (dollars, as the spec and the payment gateway have them) and dates in Asia/Dhaka
// time. Only values that are quantities go through here: phone numbers and order ids are
// shown exactly as typed or issued, in every language.
import { centsFigure, formatCents, groupDigits, type Cents } from '../money.ts';
import { intlLocale, type Locale } from './locale.ts';

/** A count or figure: '4,200' in English, '৪,২০০' in Bengali. */
export function formatNumber(value: number, locale: Locale): string {
  // Whole numbers (every count the shop shows) are grouped by hand, exactly as Intl would
  // (format.test.ts compares them); anything else goes to Intl (money.ts, groupDigits).
  if (!Number.isSafeInteger(value)) return numberFormat(locale).format(value);
  const figure = `${value < 0 ? '-' : ''}${groupDigits(Math.abs(value), locale === 'bn')}`;
  return localizeDigits(figure, locale);
}

/**
 * A price from integer cents, in dollars in both languages: the shop's prices, its orders and
 * the payments it asks for are dollars (CURRENCY in constants.ts), so a Bengali page writes the
 * same amount with the same sign, in Bengali digits ('$১,২৩৪.৫০', '$১২') where English writes
 * the spec's '$1,234.50', '$12'; whole amounts without decimals in both. A taka sign there
 * would name an amount a hundred times smaller.
 */
export function formatPrice(cents: Cents, locale: Locale): string {
  if (locale === 'en') return formatCents(cents);
  return `${cents < 0 ? '-' : ''}$${toBengaliDigits(centsFigure(cents, true))}`;
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();
function numberFormat(locale: Locale): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format;
}

/** Month names as Intl writes them in a long date ('November 24, 2026', '২৪ নভেম্বর, ২০২৬'). */
const MONTHS: Record<Locale, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  bn: [
    'জানুয়ারি',
    'ফেব্রুয়ারি',
    'মার্চ',
    'এপ্রিল',
    'মে',
    'জুন',
    'জুলাই',
    'আগস্ট',
    'সেপ্টেম্বর',
    'অক্টোবর',
    'নভেম্বর',
    'ডিসেম্বর',
  ],
};
/** What joins the date and the time: 'November 24, 2026 at 2:30 AM', '২৪ নভেম্বর, ২০২৬ এ ২:৩০ AM'. */
const AT: Record<Locale, string> = { en: 'at', bn: 'এ' };

/**
 * Asia/Dhaka's offset from UTC: UTC+6 all year since 2010 (Bangladesh's only daylight saving
 * time was in 2009, before the shop's first order).
 */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/**
 * A date (and time, when `withTime`) in the shop's time zone, Asia/Dhaka, written exactly as
 * `Intl.DateTimeFormat` writes `dateStyle: 'long'` (and `timeStyle: 'short'`); format.test.ts
 * compares them. By hand for the same reason as numbers (docs/decisions/033): a browser's first
 * date format loads ICU's calendar data, tens of milliseconds of main thread.
 */
export function formatDate(date: Date | string | number, locale: Locale, withTime = false): string {
  // The Dhaka wall clock, read through the UTC getters of a date moved by the offset.
  const dhaka = new Date(new Date(date).getTime() + DHAKA_OFFSET_MS);
  const day = dhaka.getUTCDate();
  const month = MONTHS[locale][dhaka.getUTCMonth()];
  const year = dhaka.getUTCFullYear();
  const written = locale === 'en' ? `${month} ${day}, ${year}` : `${day} ${month}, ${year}`;
  if (!withTime) return localizeDigits(written, locale);
  const hours = dhaka.getUTCHours();
  const minutes = String(dhaka.getUTCMinutes()).padStart(2, '0');
  const time = `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return localizeDigits(`${written} ${AT[locale]} ${time}`, locale);
}

const BENGALI_ZERO = 0x09e6;
/** '2020' → '২০২০'. Only for figures that are numbers; never for phone numbers or ids. */
export function toBengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(BENGALI_ZERO + Number(d)));
}
/** '০১৭১২' → '01712': what search and number inputs compare with. */
export function toLatinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BENGALI_ZERO));
}
/** Digits of a static figure in the reader's language. */
export function localizeDigits(text: string, locale: Locale): string {
  return locale === 'bn' ? toBengaliDigits(text) : text;
}
