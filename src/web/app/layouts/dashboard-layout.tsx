import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { NavLink } from '../../lib/navigation.tsx';
import { useAuth } from '../../lib/auth-provider.tsx';
import { paths } from '../../../shared/paths.ts';
import { DASHBOARD_DRAWER_ID, useRegisterDashboardDrawer } from './navbar.tsx';
import { t } from '../../lib/i18n.ts';

interface MenuItem {
  to: string;
  label:
    | 'myProfile'
    | 'myOrders'
    | 'addAReview'
    | 'makeAdmin'
    | 'manageAllOrders'
    | 'manageProducts'
    | 'addNewProduct'
    | 'manageCategories';
  end?: boolean;
}

// Dashboard menu of spec section 2: everyone sees My Profile; non-admins My Orders and
// Add a Review; admins Make Admin, Manage All Orders, Manage Products, Add New Product (and,
// beyond the spec, Manage Categories).
// Labels are dictionary keys (docs/decisions/023).
const everyone: MenuItem[] = [{ to: paths.dashboard, label: 'myProfile', end: true }];
const customerOnly: MenuItem[] = [
  { to: paths.myOrders, label: 'myOrders' },
  { to: paths.addReview, label: 'addAReview' },
];
const adminOnly: MenuItem[] = [
  { to: paths.makeAdmin, label: 'makeAdmin' },
  { to: paths.manageOrders, label: 'manageAllOrders' },
  { to: paths.manageProducts, label: 'manageProducts' },
  { to: paths.addProduct, label: 'addNewProduct' },
  { to: paths.manageCategories, label: 'manageCategories' },
];

export default function DashboardLayout({ children }: { children?: ReactNode }) {
  const { isAdmin, adminLoading } = useAuth();
  const [pathname] = useLocation();
  const toggle = useRef<HTMLInputElement>(null);
  useRegisterDashboardDrawer();
  // Until the server has answered, show neither role's items rather than the wrong ones.
  const items = [...everyone, ...(adminLoading ? [] : isAdmin ? adminOnly : customerOnly)];

  // On small screens the drawer closes after choosing a page.
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [pathname]);

  return (
    <div className="drawer mx-auto max-w-7xl lg:drawer-open">
      <input
        id={DASHBOARD_DRAWER_ID}
        ref={toggle}
        type="checkbox"
        className="drawer-toggle"
        aria-label={t.dashboardMenu}
      />
      <div className="drawer-content min-h-[70vh] p-4 sm:p-6">
        <h1 className="mb-4 text-2xl font-bold text-primary">{t.navDashboard}</h1>
        {children}
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        {/* The overlay is a pointer target only (a <label> may not carry aria-label); keyboard
            users close the menu with the navbar's toggle or by choosing a page. */}
        <label htmlFor={DASHBOARD_DRAWER_ID} aria-hidden="true" className="drawer-overlay" />
        <nav aria-label={t.navDashboard} className="min-h-full w-64 bg-base-200 p-4 lg:bg-transparent">
          <ul className="menu w-full gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} activeClassName="menu-active">
                  {t[item.label]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
