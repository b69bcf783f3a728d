// The language of this page, its dictionary and its formatting (docs/decisions/023).
// The address decides the language (/bn/… is Bengali) and a language is fixed for the life of
// a page: the switch loads the other language's address. So the dictionary is set once,
// before the first render (main.tsx; prerender.tsx per page), and read without a context.
import { messages } from '../../shared/messages.ts';
import type { Messages } from '../../shared/i18n/dictionary.ts';
import { formatDate, formatNumber, formatPrice, localizeDigits } from '../../shared/i18n/format.ts';
import {
  LOCALE_COOKIE,
  htmlLang,
  localeOfPath,
  localizePath,
  type Locale,
} from '../../shared/i18n/locale.ts';

let current: Locale = 'en';
/** The words of this page's language. Mutated only by setLocale, before rendering. */
export const t: { -readonly [K in keyof Messages]: Messages[K] } = { ...messages };

/** English text → key, so a message that was made in English (a schema's, the server's) can be shown translated. */
const keyOfEnglish = new Map<string, keyof Messages>(
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[value, key as keyof Messages] as const] : [],
  ),
);

export function setLocale(locale: Locale, dictionary: Messages = messages): void {
  current = locale;
  Object.assign(t, locale === 'en' ? messages : dictionary);
}

export const getLocale = (): Locale => current;
/** The router's basename for this page's language. */
export const basenameOf = (locale: Locale): string | undefined => (locale === 'bn' ? '/bn' : undefined);

/** Loads the dictionary of the language `pathname` is in (Bengali is its own chunk) and makes it current. */
export async function loadLocaleOf(pathname: string): Promise<Locale> {
  const locale = localeOfPath(pathname);
  if (locale === 'bn') {
    const { dictionary } = await import('./locale-bn.ts');
    setLocale('bn', dictionary);
  } else setLocale('en');
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[locale];
  return locale;
}

/**
 * A message made in English (a validation message, the server's error text) in this page's
 * language; text that is not one of the shop's messages is shown as it is.
 */
export function translate(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const key = keyOfEnglish.get(text);
  return key ? (t[key] as string) : text;
}

/** A price the API gives in dollars, written in this page's language. */
export const price = (dollars: number): string => formatPrice(Math.round(dollars * 100), current);
/** A price in integer cents. */
export const priceOfCents = (cents: number): string => formatPrice(cents, current);
export const count = (value: number): string => formatNumber(value, current);
export const date = (value: Date | string | number, withTime = false): string =>
  formatDate(value, current, withTime);
/** Digits of static text (a year, a figure) in this page's language. */
export const digits = (text: string): string => localizeDigits(text, current);

/**
 * The address of the page at `pathname` + `search` (as the router sees it, without /bn) in
 * `locale`: the language switch keeps the page.
 */
export const addressIn = (locale: Locale, pathname: string, search = '', hash = ''): string =>
  `${localizePath(pathname, locale)}${search}${hash}`;

/** Remembers the reader's choice: a cookie the server reads (mails, the start page) and localStorage. */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  try {
    localStorage.setItem(LOCALE_COOKIE, locale);
  } catch {
    // storage may be off; the cookie is enough
  }
}
