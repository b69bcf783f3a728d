// Build-time rendering of the public pages (docs/decisions/009). The build's prerender step
// (scripts/prerender.ts) compiles this module for Node, renders each page below into a copy of
// index.html, and the server answers those paths with them: their first paint needs neither
// JavaScript nor data.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { Shop } from './app/shop.tsx';
import { paths } from '../shared/paths.ts';
import { htmlLang, localeOfPath, localizePath } from '../shared/i18n/locale.ts';
import { bnShellMessages } from '../shared/messages/shell.bn.ts';
import { basenameOf, loadPageWords, setLocale } from './lib/i18n.ts';

export interface PrerenderedPage {
  path: string;
  /** The page's language, for <html lang> (default en). */
  lang?: string;
}

/**
 * The pages drawn at build time: the same for every visitor until the account and the
 * catalogue load. Pages behind sign-in, and reset-password (which depends on its link's
 * token), start from index.html's spinner instead.
 */
const PUBLIC_PAGES = [paths.root, paths.home, paths.blogs, paths.portfolio, paths.login, paths.signUp];
/** Each public page in English and, under /bn/, in Bengali (docs/decisions/023). */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  ...PUBLIC_PAGES.map((path) => ({ path })),
  ...PUBLIC_PAGES.map((path) => ({ path: localizePath(path, 'bn'), lang: htmlLang.bn })),
];

/** The HTML of the shop at `url` as the browser's first render draws it (auth and data pending). */
export async function renderPage(url: string): Promise<string> {
  // The page's language comes from its address, as in the browser (main.tsx).
  const locale = localeOfPath(url);
  // The frame's words, and the other pages' words of this language: in the browser a page
  // outside the frame loads them with its code, but here each lazy page's code loads once, for
  // the first language drawn (docs/decisions/023).
  setLocale(locale, bnShellMessages);
  await loadPageWords();
  // prerender, unlike renderToString, waits for the lazily loaded page to arrive. An infinite
  // chunk size keeps every Suspense boundary inline: React would otherwise move a large one to
  // the end of the HTML with an inline script to put it back, which the CSP (script-src
  // 'self') rightly refuses.
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={url} base={basenameOf(locale)}>
        <Shop />
      </Router>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
