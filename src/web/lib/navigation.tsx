import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

// The shop's routing is wouter's (docs/decisions/031-router.md): its Link, Route, Switch,
// Redirect, useLocation, useParams and useSearchParams are used as they are. What it leaves
// out and the shop needs is here.

/** The state the page was opened with (`navigate(to, { state })`), or null. */
export function useNavigationState<T>(): T | null {
  return (useHistoryState() as T | undefined) ?? null;
}

/** The address's fragment (#…), which wouter does not follow; empty while prerendering. */
export function currentHash(): string {
  return typeof window === 'undefined' ? '' : window.location.hash;
}

/** The current query string with its '?', or ''. */
export function currentSearch(search: string): string {
  return search ? `?${search}` : '';
}

/**
 * A menu link that knows it leads to the page on screen: `activeClassName` and
 * aria-current="page" then. Active on the pages below it too, unless `end`; letter case is
 * ignored, as the routes ignore it.
 */
export function NavLink({
  to,
  end = false,
  activeClassName,
  children,
}: {
  to: string;
  end?: boolean;
  activeClassName: string;
  children: ReactNode;
}) {
  const [pathname] = useLocation();
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  const active = here === target || (!end && here.startsWith(`${target}/`));
  return (
    <Link to={to} className={active ? activeClassName : ''} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}
