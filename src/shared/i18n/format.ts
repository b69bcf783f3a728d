// Numbers, prices and dates in the reader's language (docs/decisions/023). Bengali uses
// Bengali digits with Bangladesh's lakh grouping (১২,৩৪,৫৬৭), prices in taka (৳) and dates
// in Asia/Dhaka time. Only values that are quantities go through here: phone numbers and
// order ids are shown exactly as typed or issued, in every language.
import { centsFigure, formatCents, groupDigits, type Cents } from '../money.ts';
import { intlLocale, type Locale } from './locale.ts';

export const SHOP_TIME_ZONE = 'Asia/Dhaka';

/** A count or figure: '4,200' in English, '৪,২০০' in Bengali. */
export function formatNumber(value: number, locale: Locale): string {
  // Whole numbers (every count the shop shows) are grouped by hand, exactly as Intl would
  // (format.test.ts compares them); anything else goes to Intl (money.ts, groupDigits).
  if (!Number.isSafeInteger(value)) return numberFormat(locale).format(value);
  const figure = `${value < 0 ? '-' : ''}${groupDigits(Math.abs(value), locale === 'bn')}`;
  return localizeDigits(figure, locale);
}

/**
 * A price from integer cents. English keeps the spec's dollars ('$1,234.50', '$12');
 * Bengali writes taka with Bengali digits ('৳১,২৩৪.৫০', '৳১২'): whole amounts without
 * decimals, as the English side does.
 */
export function formatPrice(cents: Cents, locale: Locale): string {
  if (locale === 'en') return formatCents(cents);
  return `${cents < 0 ? '-' : ''}৳${toBengaliDigits(centsFigure(cents, true))}`;
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
