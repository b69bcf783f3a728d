import type { Messages } from '../../shared/i18n/dictionary.ts';
import { LOCALE_COOKIE, isLocale, type Locale } from '../../shared/i18n/locale.ts';
import { messages } from '../../shared/messages.ts';
import { bnMessages } from '../../shared/messages.bn.ts';

/** The language a request's `lang` cookie names (set by the web app on every page), if any. */
export function localeOfCookie(cookie: string | null | undefined): Locale | null {
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/** The words of `locale` for what the server writes itself (mails). */
export function dictionaryFor(locale: Locale): Messages {
  return locale === 'bn' ? bnMessages : messages;
}
