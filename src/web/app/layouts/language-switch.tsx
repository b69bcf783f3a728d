import { useLocation, useSearch } from 'wouter';
import { addressIn, getLocale, rememberLocale } from '../../lib/i18n.ts';
import { currentHash, currentSearch } from '../../lib/navigation.tsx';

/**
 * The language switch of the navbar and the mobile menu (docs/decisions/023): a plain link to
 * the same page in the other language, so it keeps the page, works before the JavaScript has
 * run, and loads that language's own prerendered HTML. Clicking it remembers the choice.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const [pathname] = useLocation();
  const search = currentSearch(useSearch());
  const target = getLocale() === 'bn' ? 'en' : 'bn';
  return (
    <a
      href={addressIn(target, pathname, search, currentHash())}
      hrefLang={target}
      lang={target}
      className={className}
      onClick={() => rememberLocale(target)}
    >
      {target === 'bn' ? 'বাংলা' : 'English'}
    </a>
  );
}
