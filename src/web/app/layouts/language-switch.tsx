import { useLocation } from 'react-router';
import { addressIn, getLocale, rememberLocale } from '../../lib/i18n.ts';

/**
 * The language switch of the navbar and the mobile menu (docs/decisions/023): a plain link to
 * the same page in the other language, so it keeps the page, works before the JavaScript has
 * run, and loads that language's own prerendered HTML. Clicking it remembers the choice.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { pathname, search, hash } = useLocation();
  const target = getLocale() === 'bn' ? 'en' : 'bn';
  return (
    <a
      href={addressIn(target, pathname, search, hash)}
      hrefLang={target}
      lang={target}
      className={className}
      onClick={() => rememberLocale(target)}
    >
      {target === 'bn' ? 'বাংলা' : 'English'}
    </a>
  );
}
