import { useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { NavLink } from '../../lib/navigation.tsx';
import { COMPANY_NAME } from '../../../shared/constants.ts';
import { useAuth } from '../../lib/auth-provider.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { paths } from '../../../shared/paths.ts';
import { count, t } from '../../lib/i18n.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { cart, useCartCount } from '../../features/cart/cart-store.ts';

const activeLink = 'menu-active font-semibold';

/**
 * Navbar of spec sections 2 and 6: the brand (linking to /home), Blogs, My Portfolio, Dashboard
 * when signed in, Login or Sign Out; the mobile menu repeats the same items. There is no
 * separate Home item: the brand is the way home.
 */
export function Navbar() {
  const { account, signOut } = useAuth();
  const [pathname] = useLocation();
  // The menu remembers the page it was opened on, so moving to another page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const menuId = useId();
  const cartCount = useCartCount();
  // Signing in merges this browser's cart into the saved one; signing out starts afresh.
  useEffect(() => {
    void cart.accountChanged(account ? { email: account.email } : null);
  }, [account]);
  const drawerReady = useDashboardDrawerReady();
  // A prerendered page is painted before its code runs (docs/decisions/009): until then a tap
  // on the menu toggle would be lost, so the toggle says it is not ready yet.
  const hydrated = useHydrated();

  const items = (
    <>
      <li>
        <NavLink to={paths.blogs} activeClassName={activeLink}>
          {t.navBlogs}
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.portfolio} activeClassName={activeLink}>
          {t.navPortfolio}
        </NavLink>
      </li>
      {account && (
        <li>
          <NavLink to={paths.dashboard} activeClassName={activeLink}>
            {t.navDashboard}
          </NavLink>
        </li>
      )}
      <li>
        {account ? (
          <button type="button" onClick={() => void signOut()}>
            {t.navSignOut}
          </button>
        ) : (
          <NavLink to={paths.login} activeClassName={activeLink}>
            {t.navLogin}
          </NavLink>
        )}
      </li>
      <li>
        <LanguageSwitch />
      </li>
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav className="navbar mx-auto max-w-7xl px-2 sm:px-4" aria-label={t.navMain}>
        <div className="navbar-start gap-1">
          {drawerReady && (
            // A real button (not a <label>) so keyboards and screen readers can open the menu.
            <button
              type="button"
              className="btn btn-ghost btn-square lg:hidden"
              aria-label={t.openDashboardMenu}
              aria-controls={DASHBOARD_DRAWER_ID}
              onClick={() => document.getElementById(DASHBOARD_DRAWER_ID)?.click()}
            >
              <LineIcon>
                <rect x="3" y="4" width="18" height="16" rx="2" />
                <path d="M9 4v16" />
              </LineIcon>
            </button>
          )}
          <Link to={paths.home} className="btn btn-ghost px-2 text-xl font-bold text-primary">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            {COMPANY_NAME}
          </Link>
        </div>
        <div className="navbar-end">
          <ul className="menu menu-horizontal hidden gap-1 px-1 md:flex">{items}</ul>
          <Link
            to={paths.cart}
            className="btn btn-ghost gap-1 px-2"
            aria-label={t.cartCount(count(cartCount), cartCount === 1)}
          >
            <LineIcon>
              <circle cx="9" cy="20" r="1.5" />
              <circle cx="18" cy="20" r="1.5" />
              <path d="M2 3h3l2.5 12h12l2-8H6.2" />
            </LineIcon>
            <span className="badge badge-sm badge-primary" aria-hidden="true">
              {count(cartCount)}
            </span>
          </Link>
          <button
            type="button"
            className="btn btn-ghost btn-square md:hidden"
            aria-label={t.menu}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            disabled={!hydrated}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            <LineIcon size={24}>
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </LineIcon>
          </button>
        </div>
      </nav>
      {menuOpen && (
        <ul id={menuId} className="menu w-full border-t border-base-300 bg-base-100 p-2 text-base md:hidden">
          {items}
        </ul>
      )}
    </header>
  );
}

// The dashboard's menu drawer lives in the dashboard layout, a chunk of its own; its toggle
// lives here in the navbar, which is on screen first (so this small store is shell code and the
// home page loads nothing of the dashboard). The toggle is shown only once the drawer is
// there: a toggle pressed while the layout's code is still loading would do nothing, and the
// menu would never open (a phone on a slow connection or a busy machine).

export const DASHBOARD_DRAWER_ID = 'dashboard-drawer';

let mounted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setMounted(value: boolean) {
  mounted = value;
  for (const listener of listeners) listener();
}

/** True while the dashboard drawer is on the page (false in prerendered HTML). */
export function useDashboardDrawerReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mounted,
    () => false,
  );
}

/** Called by the dashboard layout: its drawer is there while it is mounted. */
export function useRegisterDashboardDrawer(): void {
  useEffect(() => {
    setMounted(true);
    return () => setMounted(false);
  }, []);
}

/** A line-drawn icon of the top bar: a 24-unit grid drawn in the text's colour. */
function LineIcon({ size = 22, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
