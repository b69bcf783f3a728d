import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { parse } from 'regexparam';
import { matchRoute, useLocation } from 'wouter';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../../shared/paths.ts';
import { useToastsRequested } from '../../lib/toast.ts';
import { RouteErrorBoundary } from '../route-error.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { t } from '../../lib/i18n.ts';

const Toasts = lazy(() => import('./toasts.tsx'));

/**
 * Pages that never raise a toast themselves: react-toastify stays out of their JavaScript until
 * something asks for a toast (toast.ts). The catalogue's pages are among them: a phone that
 * opens a product from a search engine evaluates that much less before it can answer a tap.
 * Route patterns, matched as the router matches its routes.
 */
const LIGHT_PAGES = [
  paths.root,
  paths.home,
  paths.blogs,
  paths.portfolio,
  paths.products,
  paths.productPattern,
];
const isLightPage = (pathname: string) =>
  LIGHT_PAGES.some((pattern) => matchRoute(parse, pattern, pathname)[0]);

/** The frame of every page (top bar, footer, toasts) around the page the address chose. */
export function RootLayout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const requested = useToastsRequested();
  // Once mounted the container stays, so a toast raised just before navigating home
  // (review added, signed out) is still shown there.
  const [toastsMounted, setToastsMounted] = useState(false);
  const needToasts = requested || !isLightPage(pathname);
  if (needToasts && !toastsMounted) setToastsMounted(true);

  // A new page starts at the top, as a full page load would. The braces matter: Chromium's
  // scrollTo now returns a promise, and React would call a returned non-function on cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-field focus:bg-base-100 focus:px-4 focus:py-2 focus:font-semibold focus:shadow"
      >
        {t.skipToContent}
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      {toastsMounted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </div>
  );
}
