import { lazy, type ComponentType, type ReactNode } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Switch } from 'wouter';
import { stripLocale } from '../../shared/i18n/locale.ts';
import { getProduct } from '../features/products/api/product-reads.ts';
import { loadPageWords } from '../lib/i18n.ts';
import { paths } from '../lib/paths.ts';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { RootLayout } from './layouts/root-layout.tsx';

// Every page is its own chunk, so the home route never loads dashboard code. The
// public pages are prerendered (prerender.tsx), so their chunks cost the first paint nothing.
// wouter rather than React Router: the same routes in a tenth of the JavaScript every page
// loads (docs/decisions/031-router.md).
type PageModule = { default: ComponentType<{ children?: ReactNode }> };

type RouteParams = Record<string, string | undefined>;

/** A page behind sign-in: its route, what loads its code and, maybe, what starts its data. */
interface SignedInPage {
  pattern: string;
  load: () => Promise<unknown>;
  prefetch?: (params: RouteParams) => void;
}

/** The pages preloadPage can start early. */
const signedInPages: SignedInPage[] = [];

/**
 * A lazily loaded page. Pages that use TanStack Query get the shared query cache provided in
 * their own chunk (`query: true`), so the light public pages never download the library.
 * Pages outside the frame load their words with their code (`words: true`); the frame's pages
 * (home, not found) read only the frame's words, which the first JavaScript
 * holds (docs/decisions/023).
 * `signedInAt`: the route of a page behind sign-in, whose code preloadPage may fetch early, and
 * `prefetch` the public data it shows first.
 */
function page(
  load: () => Promise<PageModule>,
  {
    query = true,
    words = true,
    signedInAt = '',
    prefetch,
  }: { query?: boolean; words?: boolean; signedInAt?: string; prefetch?: SignedInPage['prefetch'] } = {},
) {
  const loadWithProvider = () =>
    Promise.all([load(), query ? import('../lib/query-provider.tsx') : null, words ? loadPageWords() : null]);
  if (signedInAt) signedInPages.push({ pattern: signedInAt, load: loadWithProvider, prefetch });
  return lazy(async () => {
    const [module, provider] = await loadWithProvider();
    const Page = module.default;
    if (!provider) return { default: Page };
    const { QueryProvider } = provider;
    return {
      default: function WithQuery({ children }: { children?: ReactNode }) {
        return (
          <QueryProvider>
            <Page>{children}</Page>
          </QueryProvider>
        );
      },
    };
  });
}

const HomePage = page(() => import('./pages/home-page.tsx'), { query: false, words: false });
const BlogsPage = page(() => import('../features/content/pages/blogs-page.tsx'), { query: false });
const PortfolioPage = page(() => import('../features/content/pages/portfolio-page.tsx'), { query: false });
const NotFoundPage = page(() => import('./pages/not-found-page.tsx'), { query: false, words: false });
const ProductsPage = page(() => import('../features/products/pages/products-page.tsx'));
const ProductPage = page(() => import('../features/products/pages/product-page.tsx'));
const LoginPage = page(() => import('../features/auth/pages/login-page.tsx'));
const SignUpPage = page(() => import('../features/auth/pages/signup-page.tsx'));
const ResetPasswordPage = page(() => import('../features/auth/pages/reset-password-page.tsx'));
const PopupCallbackPage = page(() => import('../features/auth/pages/popup-callback-page.tsx'), {
  query: false,
});
const PlaceOrderPage = page(() => import('./pages/place-order-page.tsx'), {
  signedInAt: paths.placeOrderPattern,
  // The product is public (GET /api/product/{id}): ask for it while the code loads.
  prefetch: ({ productId = '' }) => {
    const request = getProduct(productId);
    request.catch(() => undefined); // the page's own query reports a failure
    void import('../features/products/api/get-product.ts').then(({ adoptProductRequest }) =>
      adoptProductRequest(productId, request),
    );
  },
});
const DashboardLayout = page(() => import('./layouts/dashboard-layout.tsx'), {
  query: false,
  signedInAt: `${paths.dashboard}/*?`,
});
const ProfilePage = page(() => import('../features/users/pages/profile-page.tsx'), {
  signedInAt: paths.dashboard,
});
const MyOrdersPage = page(() => import('../features/orders/pages/my-orders-page.tsx'), {
  signedInAt: paths.myOrders,
});
const AddReviewPage = page(() => import('../features/reviews/pages/add-review-page.tsx'), {
  signedInAt: paths.addReview,
});
const PaymentPage = page(() => import('../features/orders/pages/payment-page.tsx'), {
  signedInAt: paths.paymentPattern,
});
const MakeAdminPage = page(() => import('../features/users/pages/make-admin-page.tsx'), {
  signedInAt: paths.makeAdmin,
});
const ManageProductsPage = page(() => import('../features/products/pages/manage-products-page.tsx'), {
  signedInAt: paths.manageProducts,
});
const ManageOrdersPage = page(() => import('../features/orders/pages/manage-orders-page.tsx'), {
  signedInAt: paths.manageOrders,
});
const CartPage = page(() => import('../features/cart/pages/cart-page.tsx'));
const CheckoutPage = page(() => import('../features/cart/pages/checkout-page.tsx'), {
  signedInAt: paths.checkout,
});
const OrderPage = page(() => import('../features/orders/pages/order-page.tsx'), {
  signedInAt: paths.orderPattern,
});
const AddProductPage = page(() => import('../features/products/pages/add-product-page.tsx'), {
  signedInAt: paths.addProduct,
});
const ManageCategoriesPage = page(() => import('../features/products/pages/manage-categories-page.tsx'), {
  signedInAt: paths.manageCategories,
});
const EditProductPage = page(() => import('../features/products/pages/edit-product-page.tsx'), {
  signedInAt: paths.editProductPattern,
});

/**
 * Starts downloading the code (and public data) of the page behind sign-in at `address`, if
 * any. main.tsx calls it at start: the router only asks for that code once the session is
 * known (RequireAuth), and fetching it alongside the session check saves the page round trips.
 */
export function preloadPage(address: string): void {
  // The routes are the same in every language: /bn/dashboard is /dashboard in Bengali.
  const pathname = stripLocale(address);
  for (const { pattern, load, prefetch } of signedInPages) {
    const [matches, params] = matchRoute(parse, pattern, pathname);
    if (!matches) continue;
    void load().catch(() => undefined);
    prefetch?.(params ?? {});
  }
}

/** A page of the dashboard: behind sign-in, in the dashboard's frame, maybe for admins only. */
function dashboardPage(page: ReactNode, { admin = false } = {}) {
  return (
    <RequireAuth>
      <DashboardLayout>{admin ? <RequireAdmin>{page}</RequireAdmin> : page}</DashboardLayout>
    </RequireAuth>
  );
}

/**
 * The routes of spec section 2, first match wins. Every route renders the same element types
 * down to its page (RequireAuth, then DashboardLayout), so moving between the dashboard's
 * pages keeps the frame and replaces only the page.
 */
export function AppRoutes() {
  return (
    <RootLayout>
      <Switch>
        <Route path={paths.root}>
          <HomePage />
        </Route>
        <Route path={paths.home}>
          <HomePage />
        </Route>
        <Route path={paths.blogs}>
          <BlogsPage />
        </Route>
        <Route path={paths.portfolio}>
          <PortfolioPage />
        </Route>
        <Route path={paths.products}>
          <ProductsPage />
        </Route>
        <Route path={paths.productPattern}>
          <ProductPage />
        </Route>
        <Route path={paths.login}>
          <LoginPage />
        </Route>
        <Route path={paths.signUp}>
          <SignUpPage />
        </Route>
        <Route path={paths.resetPassword}>
          <ResetPasswordPage />
        </Route>
        <Route path={paths.authPopup}>
          <PopupCallbackPage />
        </Route>
        <Route path={paths.cart}>
          <CartPage />
        </Route>
        <Route path={paths.placeOrderPattern}>
          <RequireAuth>
            <PlaceOrderPage />
          </RequireAuth>
        </Route>
        <Route path={paths.checkout}>
          <RequireAuth>
            <CheckoutPage />
          </RequireAuth>
        </Route>
        <Route path={paths.dashboard}>{dashboardPage(<ProfilePage />)}</Route>
        <Route path={paths.myOrders}>{dashboardPage(<MyOrdersPage />)}</Route>
        <Route path={paths.addReview}>{dashboardPage(<AddReviewPage />)}</Route>
        <Route path={paths.paymentPattern}>{dashboardPage(<PaymentPage />)}</Route>
        <Route path={paths.orderPattern}>{dashboardPage(<OrderPage />)}</Route>
        {/* Login required only (spec route table); the server answers 403 to non-admins. */}
        <Route path={paths.makeAdmin}>{dashboardPage(<MakeAdminPage />)}</Route>
        <Route path={paths.manageProducts}>{dashboardPage(<ManageProductsPage />, { admin: true })}</Route>
        <Route path={paths.manageOrders}>{dashboardPage(<ManageOrdersPage />, { admin: true })}</Route>
        <Route path={paths.addProduct}>{dashboardPage(<AddProductPage />, { admin: true })}</Route>
        <Route path={paths.editProductPattern}>{dashboardPage(<EditProductPage />, { admin: true })}</Route>
        <Route path={paths.manageCategories}>
          {dashboardPage(<ManageCategoriesPage />, { admin: true })}
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </RootLayout>
  );
}
