import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { preloadPage } from './app/router.tsx';
import { Shop } from './app/shop.tsx';
import { prefetchSession } from './lib/auth-provider.tsx';
import { watchServerForm } from './lib/server-form-draft.ts';
import { basenameOf, loadLocaleOf, rememberLocale } from './lib/i18n.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

prefetchSession();

// The language comes from the address (/bn/… is Bengali, docs/decisions/023); its dictionary
// is in place before the first render, so hydration meets the words the build drew. English
// needs no wait; Bengali loads its one small chunk.
const locale = await loadLocaleOf(window.location.pathname);
// The language last read is the one mails go out in and the start page opens in.
rememberLocale(locale);

const app = (
  <StrictMode>
    <Router base={basenameOf(locale)}>
      <Shop />
    </Router>
  </StrictMode>
);

// Either way the first render is a transition, so React works in slices and lets the browser
// in between, instead of one task of a few hundred milliseconds on a phone (blocking time).
if (root.hasAttribute('data-prerendered')) {
  // The public pages come from the build already drawn (prerender.tsx, docs/decisions/009):
  // React adopts that HTML instead of drawing the page again. (Hydration started outside a
  // transition runs in one piece.)
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  // Every other page: index.html shows a static top bar and spinner until this first render, or
  // the server drew the page (docs/decisions/021). Such a page stays until the app can draw it
  // whole, its code and first data in hand (preloadPage), with no spinner in between; what the
  // visitor types into it is kept until the app's own form replaces it.
  const ready = preloadPage(window.location.pathname, window.location.search);
  watchServerForm(root);
  await ready;
  startTransition(() => createRoot(root).render(app));
}
