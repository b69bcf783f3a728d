// The shop speaks English (the default, at the spec's own addresses) and Bengali (bn-BD) under
// /bn/… (docs/decisions/023). Each language has its own address, so each gets its own
// prerendered page and a shared link opens in the language it was sent in.
export const locales = ['en', 'bn'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** The value of `<html lang>` per language. */
export const htmlLang: Record<Locale, string> = { en: 'en', bn: 'bn' };
/** The BCP 47 tag Intl formats with (Bangladesh's Bengali: Bengali digits, lakh grouping). */
export const intlLocale: Record<Locale, string> = { en: 'en-US', bn: 'bn-BD' };

/** Where the remembered choice is kept: a cookie the server can read, and the same name in localStorage. */
export const LOCALE_COOKIE = 'lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

const BN_PREFIX = '/bn';

/** The language a path is in: /bn and /bn/… are Bengali, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === BN_PREFIX || pathname.startsWith(`${BN_PREFIX}/`) ? 'bn' : 'en';
}

/** The path without its language prefix: '/bn/login' → '/login', '/bn' and '/bn/' → '/'. */
export function stripLocale(pathname: string): string {
  if (localeOfPath(pathname) === 'en') return pathname;
  const rest = pathname.slice(BN_PREFIX.length);
  return rest === '' ? '/' : rest;
}

/**
 * A language-neutral path ('/login', '/') in `locale`: English keeps it as it is; Bengali puts
 * '/bn' before it ('/' becomes '/bn/'). A path already in some language is first made neutral.
 */
export function localizePath(pathname: string, locale: Locale): string {
  const neutral = stripLocale(pathname);
  if (locale === 'en') return neutral;
  return neutral === '/' ? `${BN_PREFIX}/` : `${BN_PREFIX}${neutral}`;
}
