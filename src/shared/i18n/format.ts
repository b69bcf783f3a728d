// Numbers, prices and dates in the reader's language (docs/decisions/023). Bengali uses
// Bengali digits with Bangladesh's lakh grouping (১২,৩৪,৫৬৭), prices in taka (৳) and dates
// in Asia/Dhaka time. Only values that are quantities go through here: phone numbers and
// order ids are shown exactly as typed or issued, in every language.
import { formatCents, type Cents } from '../money.ts';
import { intlLocale, type Locale } from './locale.ts';

export const SHOP_TIME_ZONE = 'Asia/Dhaka';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale], {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: Math.max(fractionDigits, 2),
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** A count or figure: '4,200' in English, '৪,২০০' in Bengali. */
export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(locale, 0).format(value);
}

/**
 * A price from integer cents. English keeps the spec's dollars ('$1,234.50', '$12');
 * Bengali writes taka with Bengali digits ('৳১,২৩৪.৫০', '৳১২'): whole amounts without
 * decimals, as the English side does.
 */
export function formatPrice(cents: Cents, locale: Locale): string {
  if (locale === 'en') return formatCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}৳${numberFormat(locale, abs % 100 ? 2 : 0).format(abs / 100)}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A date (and time, when `withTime`) in the shop's time zone, Asia/Dhaka. */
export function formatDate(date: Date | string | number, locale: Locale, withTime = false): string {
  const key = `${locale}:${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[locale], {
      timeZone: SHOP_TIME_ZONE,
      dateStyle: 'long',
      ...(withTime ? { timeStyle: 'short' } : {}),
    });
    dateFormats.set(key, format);
  }
  return format.format(new Date(date));
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
