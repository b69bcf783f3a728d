import { lazy, type ComponentType } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { paths } from '../lib/paths.ts';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { RootLayout } from './layouts/root-layout.tsx';

// Every page is its own chunk, so the home route never loads dashboard code (issue 2). The
// public pages are prerendered (prerender.tsx), so their chunks cost the first paint nothing.
// Declarative routes rather than the data router: the same behaviour for a SPA that loads
// its data in components, and 17 KB gzip less on every page (docs/decisions/007).
type PageModule = { default: ComponentType };

/**
 * A lazily loaded page. Pages that use TanStack Query get the shared query cache provided in
 * their own chunk (`query: true`), so the light public pages never download the library.
 */
function page(load: () => Promise<PageModule>, { query = true } = {}) {
  return lazy(async () => {
    const [module, provider] = await Promise.all([
      load(),
      query ? import('../lib/query-provider.tsx') : null,
    ]);
    const Page = module.default;
    if (!provider) return { default: Page };
    const { QueryProvider } = provider;
    return {
      default: function WithQuery() {
        return (
          <QueryProvider>
            <Page />
          </QueryProvider>
        );
      },
    };
  });
}

const HomePage = page(() => import('../features/catalogue/pages/home-page.tsx'), { query: false });
const BlogsPage = page(() => import('../features/content/pages/blogs-page.tsx'), { query: false });
const PortfolioPage = page(() => import('../features/content/pages/portfolio-page.tsx'), { query: false });
const NotFoundPage = page(() => import('./pages/not-found-page.tsx'), { query: false });
const LoginPage = page(() => import('../features/auth/pages/login-page.tsx'));
const SignUpPage = page(() => import('../features/auth/pages/signup-page.tsx'));
const ResetPasswordPage = page(() => import('../features/auth/pages/reset-password-page.tsx'));
const PopupCallbackPage = page(() => import('../features/auth/pages/popup-callback-page.tsx'), {
  query: false,
});
const PlaceOrderPage = page(() => import('../features/orders/pages/place-order-page.tsx'));
const DashboardLayout = page(() => import('./layouts/dashboard-layout.tsx'), { query: false });
const ProfilePage = page(() => import('../features/auth/pages/profile-page.tsx'));
const MyOrdersPage = page(() => import('../features/orders/pages/my-orders-page.tsx'));
const AddReviewPage = page(() => import('../features/catalogue/pages/add-review-page.tsx'));
const PaymentPage = page(() => import('../features/orders/pages/payment-page.tsx'));
const MakeAdminPage = page(() => import('../features/auth/pages/make-admin-page.tsx'));
const ManageProductsPage = page(() => import('../features/catalogue/pages/manage-products-page.tsx'));
const ManageOrdersPage = page(() => import('../features/orders/pages/manage-orders-page.tsx'));
const AddProductPage = page(() => import('../features/catalogue/pages/add-product-page.tsx'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.blogs} element={<BlogsPage />} />
        <Route path={paths.portfolio} element={<PortfolioPage />} />
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.signUp} element={<SignUpPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={paths.authPopup} element={<PopupCallbackPage />} />
        <Route
          element={
            <RequireAuth>
              <Outlet />
            </RequireAuth>
          }
        >
          <Route path={paths.placeOrderPattern} element={<PlaceOrderPage />} />
          <Route path={paths.dashboard} element={<DashboardLayout />}>
            <Route index element={<ProfilePage />} />
            <Route path={paths.myOrders} element={<MyOrdersPage />} />
            <Route path={paths.addReview} element={<AddReviewPage />} />
            <Route path={paths.paymentPattern} element={<PaymentPage />} />
            {/* Login required only (spec route table); the server answers 403 to non-admins. */}
            <Route path={paths.makeAdmin} element={<MakeAdminPage />} />
            <Route
              element={
                <RequireAdmin>
                  <Outlet />
                </RequireAdmin>
              }
            >
              <Route path={paths.manageProducts} element={<ManageProductsPage />} />
              <Route path={paths.manageOrders} element={<ManageOrdersPage />} />
              <Route path={paths.addProduct} element={<AddProductPage />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
