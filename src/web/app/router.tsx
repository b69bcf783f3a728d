import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Switch } from 'wouter';
import { stripLocale } from '../../shared/i18n/locale.ts';
import { getProduct } from '../features/products/api/product-reads.ts';
import { loadPageWords } from '../lib/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { sessionBeforeRender } from '../lib/auth-provider.tsx';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { RootLayout } from './layouts/root-layout.tsx';

// Every page is its own chunk, so the home route never loads dashboard code. The
// public pages are prerendered (prerender.tsx), so their chunks cost the first paint nothing.
// wouter rather than React Router: the same routes in a tenth of the JavaScript every page
// loads (docs/decisions/031-router.md).
type PageComponent = ComponentType<{ children?: ReactNode }>;
type PageModule = { default: PageComponent };

type RouteParams = Record<string, string | undefined>;

/** A page main.tsx may start loading before the first render: its route, code and first data. */
interface EarlyPage {
  pattern: string;
  load: () => Promise<unknown>;
  /** Starts the public data the page shows first, from the address's parameters and query. */
  prefetch?: (params: RouteParams, search: string) => Promise<unknown>;
  /** The server draws the page: the app's first render waits for its code and data. */
  drawnByServer: boolean;
  /** Behind sign-in (RequireAuth): a page the server drew also waits for the session. */
  behindSignIn: boolean;
}

/** The pages preloadPage can start early. */
const earlyPages: EarlyPage[] = [];

/**
 * A lazily loaded page. Pages that use TanStack Query get the shared query cache provided in
 * their own chunk (`query: true`), so the light public pages never download the library.
 * Pages outside the frame load their words with their code (`words: true`); the frame's pages
 * (home, not found) read only the frame's words, which the first JavaScript
 * holds (docs/decisions/023).
 * `preloadAt`: the page's route, where preloadPage fetches its code early (pages behind sign-in,
 * whose code the router asks for only once the session is known, and pages the server draws);
 * `prefetch`: the public data it shows first; `drawnByServer`: the server draws the page
 * (docs/decisions/021), and the app's first render waits for its code and that data;
 * `behindSignIn`: such a page the router wraps in RequireAuth, whose first render waits for the
 * session too (and, for a visitor not signed in, the login page's code).
 * The page's `load` starts its code.
 */
function page(
  load: () => Promise<PageModule>,
  {
    query = true,
    words = true,
    preloadAt = '',
    prefetch,
    drawnByServer = false,
    behindSignIn = false,
  }: {
    query?: boolean;
    words?: boolean;
    preloadAt?: string;
    prefetch?: EarlyPage['prefetch'];
    drawnByServer?: boolean;
    behindSignIn?: boolean;
  } = {},
) {
  let loading: Promise<{ default: PageComponent }> | undefined;
  /** The page once its code is in: drawn at once, without suspending. */
  let loaded: PageComponent | undefined;
  const loadOnce = () =>
    (loading ??= Promise.all([
      load(),
      query ? import('../lib/query-provider.tsx') : null,
      words ? loadPageWords() : null,
    ]).then(
      ([module, provider]) => {
        const Page = module.default;
        const { QueryProvider } = provider ?? {};
        loaded = QueryProvider
          ? function WithQuery({ children }: { children?: ReactNode }) {
              return (
                <QueryProvider>
                  <Page>{children}</Page>
                </QueryProvider>
              );
            }
          : Page;
        return { default: loaded };
      },
      (error: unknown) => {
        loading = undefined; // a later visit tries again
        throw error;
      },
    ));
  if (preloadAt)
    earlyPages.push({ pattern: preloadAt, load: loadOnce, prefetch, drawnByServer, behindSignIn });
  const Lazy = lazy(loadOnce);
  function PageOrLazy({ children }: { children?: ReactNode }) {
    // Chosen once per visit to the page: switching from one to the other would draw it anew.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component>{children}</Component>;
  }
  return Object.assign(PageOrLazy, { load: loadOnce });
}

const HomePage = page(() => import('./pages/home-page.tsx'), { query: false, words: false });
const BlogsPage = page(() => import('../features/content/pages/blogs-page.tsx'), { query: false });
const PortfolioPage = page(() => import('../features/content/pages/portfolio-page.tsx'), { query: false });
const NotFoundPage = page(() => import('./pages/not-found-page.tsx'), { query: false, words: false });
const ProductsPage = page(() => import('../features/products/pages/products-page.tsx'), {
  preloadAt: paths.products,
  prefetch: (_params, search) =>
    import('../features/products/api/search-products.ts').then(({ prefetchProductSearch }) =>
      prefetchProductSearch(search),
    ),
  drawnByServer: true,
});
const ProductPage = page(() => import('../features/products/pages/product-page.tsx'), {
  preloadAt: paths.productPattern,
  prefetch: ({ productId = '' }) =>
    Promise.all([
      prefetchProduct(productId),
      // The category's name in the product's breadcrumb.
      import('../features/products/api/search-products.ts').then(({ prefetchCategories }) =>
        prefetchCategories(),
      ),
    ]),
  drawnByServer: true,
});
const LoginPage = page(() => import('../features/auth/pages/login-page.tsx'));
const SignUpPage = page(() => import('../features/auth/pages/signup-page.tsx'));
const ResetPasswordPage = page(() => import('../features/auth/pages/reset-password-page.tsx'));
const PopupCallbackPage = page(() => import('../features/auth/pages/popup-callback-page.tsx'), {
  query: false,
});
const PlaceOrderPage = page(() => import('./pages/place-order-page.tsx'), {
  preloadAt: paths.placeOrderPattern,
  // The product is public (GET /api/product/{id}): ask for it while the code loads.
  prefetch: ({ productId = '' }) => prefetchProduct(productId),
  drawnByServer: true,
  behindSignIn: true,
});
const DashboardLayout = page(() => import('./layouts/dashboard-layout.tsx'), {
  query: false,
  preloadAt: `${paths.dashboard}/*?`,
});
const ProfilePage = page(() => import('../features/users/pages/profile-page.tsx'), {
  preloadAt: paths.dashboard,
});
const MyOrdersPage = page(() => import('../features/orders/pages/my-orders-page.tsx'), {
  preloadAt: paths.myOrders,
});
const AddReviewPage = page(() => import('../features/reviews/pages/add-review-page.tsx'), {
  preloadAt: paths.addReview,
});
const PaymentPage = page(() => import('../features/orders/pages/payment-page.tsx'), {
  preloadAt: paths.paymentPattern,
});
const MakeAdminPage = page(() => import('../features/users/pages/make-admin-page.tsx'), {
  preloadAt: paths.makeAdmin,
});
const ManageProductsPage = page(() => import('../features/products/pages/manage-products-page.tsx'), {
  preloadAt: paths.manageProducts,
});
const ManageOrdersPage = page(() => import('../features/orders/pages/manage-orders-page.tsx'), {
  preloadAt: paths.manageOrders,
});
const CartPage = page(() => import('../features/cart/pages/cart-page.tsx'));
const CheckoutPage = page(() => import('../features/cart/pages/checkout-page.tsx'), {
  preloadAt: paths.checkout,
});
const OrderPage = page(() => import('../features/orders/pages/order-page.tsx'), {
  preloadAt: paths.orderPattern,
});
const AddProductPage = page(() => import('../features/products/pages/add-product-page.tsx'), {
  preloadAt: paths.addProduct,
});
const ManageCategoriesPage = page(() => import('../features/products/pages/manage-categories-page.tsx'), {
  preloadAt: paths.manageCategories,
});
const EditProductPage = page(() => import('../features/products/pages/edit-product-page.tsx'), {
  preloadAt: paths.editProductPattern,
});

/**
 * Asks for a product before its page's code is in, and hands the answer to the query the page
 * reads, so the page shows it as soon as it renders. Settles when the answer is in, or failed:
 * the page's own query then reports the failure.
 */
function prefetchProduct(productId: string): Promise<void> {
  const request = getProduct(productId);
  request.catch(() => undefined);
  return import('../features/products/api/get-product.ts').then(({ adoptProductRequest }) =>
    adoptProductRequest(productId, request),
  );
}

/**
 * Starts downloading the code (and public data) of the page at `address` (a path) with query
 * `search`, when it is one to start early, and settles once the app can draw it whole. main.tsx
 * calls it at start:
 * - behind sign-in, the router asks for a page's code only once the session is known
 *   (RequireAuth), and fetching it alongside the session check saves the page round trips;
 *   this settles at once, as the first render shows the frame and a spinner, as index.html did;
 * - a page the server drew stays on screen until the app can draw it with its code and first
 *   data in hand, instead of a spinner in between (what a visitor types meanwhile is kept,
 *   server-form-draft.ts); this settles when both are in, or failed. Behind sign-in it also
 *   waits for the session, so that the first render draws the page and not RequireAuth's
 *   spinner, or, for a visitor not signed in, the login page and not a spinner while that
 *   page's code loads.
 */
export function preloadPage(address: string, search = ''): Promise<void> {
  // The routes are the same in every language: /bn/dashboard is /dashboard in Bengali.
  const pathname = stripLocale(address);
  const waits: Array<Promise<unknown> | undefined> = [];
  for (const { pattern, load, prefetch, drawnByServer, behindSignIn } of earlyPages) {
    const [matches, params] = matchRoute(parse, pattern, pathname);
    if (!matches) continue;
    const code = load();
    const data = prefetch?.(params ?? {}, search);
    if (!drawnByServer) {
      code.catch(() => undefined);
      continue;
    }
    waits.push(code, data);
    if (behindSignIn)
      waits.push(sessionBeforeRender().then((signedIn) => (signedIn ? undefined : LoginPage.load())));
  }
  // A failure is the page's to show when it renders (the router's error boundary, its query).
  return Promise.allSettled(waits).then(() => undefined);
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
