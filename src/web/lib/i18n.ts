// The language of this page, its dictionary and its formatting (docs/decisions/023).
// The address decides the language (/bn/… is Bengali) and a language is fixed for the life of
// a page: the switch loads the other language's address. So the dictionary is set once,
// before the first render (main.tsx; prerender.tsx per page), and read without a context.
import { shellMessages } from '../../shared/messages/shell.ts';
import type { DictionaryOf, Messages } from '../../shared/i18n/dictionary.ts';
import type { pageMessages } from '../../shared/messages/pages.ts';
import { formatDate, formatNumber, formatPrice, localizeDigits } from '../../shared/i18n/format.ts';
import {
  LOCALE_COOKIE,
  htmlLang,
  localeOfPath,
  localizePath,
  type Locale,
} from '../../shared/i18n/locale.ts';

type ShellWords = DictionaryOf<typeof shellMessages>;
type PageWords = DictionaryOf<typeof pageMessages>;

let current: Locale = 'en';
/** This page's language's frame words (shell.ts or shell.bn.ts). */
let shellWords: ShellWords = shellMessages;
/**
 * The words of this page's language. Mutated only by setLocale and loadPageWords, before a page
 * renders. It starts with the frame's words (the first page's JavaScript holds no others); a
 * page outside the frame loads the rest with its code (router.tsx, docs/decisions/023), and
 * shell-words.test.ts checks that the frame reads only its own.
 */
export const t = { ...shellMessages } as { -readonly [K in keyof Messages]: Messages[K] };

/** English text → key, so a message that was made in English (a schema's, the server's) can be shown translated. */
const keyOfEnglish = new Map<string, keyof Messages>();
function learnEnglish(dictionary: object): void {
  for (const [key, value] of Object.entries(dictionary))
    if (typeof value === 'string') keyOfEnglish.set(value, key as keyof Messages);
}
learnEnglish(shellMessages);

/** The loaded page words: English always (its texts map schema messages), and the page's language's. */
let pageWords: Promise<{ en: PageWords; bn?: PageWords }> | undefined;
let pageWordsOf: Partial<Record<Locale, PageWords>> = {};

/**
 * Makes `locale` this page's language with its frame words `shell` (the English ones by
 * default), plus the page words already loaded for it.
 */
export function setLocale(locale: Locale, shell: ShellWords = shellMessages): void {
  current = locale;
  shellWords = locale === 'en' ? shellMessages : shell;
  for (const key of Object.keys(t)) delete (t as Record<string, unknown>)[key];
  Object.assign(t, shellWords, pageWordsOf[locale]);
}

/**
 * Loads the words of the pages outside the frame (one chunk per language) and adds them to `t`:
 * router.tsx awaits it with such a page's code, so the page renders with its words.
 */
export async function loadPageWords(): Promise<void> {
  const locale = current;
  if (!pageWordsOf[locale]) {
    pageWords ??= import('../../shared/messages/pages.ts').then(({ pageMessages }) => ({ en: pageMessages }));
    const { en } = await pageWords;
    learnEnglish(en);
    pageWordsOf.en = en;
    if (locale === 'bn') pageWordsOf.bn = (await import('../../shared/messages/pages.bn.ts')).bnPageMessages;
  }
  if (locale === current) Object.assign(t, pageWordsOf[locale]);
}

/** Forgets loaded page words (tests that render several languages in one process). */
export function resetPageWords(): void {
  pageWords = undefined;
  pageWordsOf = {};
}

export const getLocale = (): Locale => current;
/** The router's basename for this page's language. */
export const basenameOf = (locale: Locale): string | undefined => (locale === 'bn' ? '/bn' : undefined);

/** Loads the frame words of the language `pathname` is in (Bengali is its own chunk) and makes it current. */
export async function loadLocaleOf(pathname: string): Promise<Locale> {
  const locale = localeOfPath(pathname);
  if (locale === 'bn') {
    const { dictionary } = await import('./locale-bn.ts');
    setLocale('bn', dictionary);
  } else setLocale('en');
  // Only when it differs: every page comes with its language set, and writing the root's `lang`,
  // even unchanged, makes the browser restyle the whole document, a long task of its own on a
  // phone (docs/benchmarks.md, "Pages").
  if (typeof document !== 'undefined' && document.documentElement.lang !== htmlLang[locale])
    document.documentElement.lang = htmlLang[locale];
  return locale;
}

/**
 * A message made in English (a validation message, the server's error text) in this page's
 * language; text that is not one of the shop's messages is shown as it is.
 */
export function translate(text: string): string;
export function translate(text: string | undefined): string | undefined;
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
