import { parse } from 'regexparam';

// Every route of spec section 2, once; the router, every link and the server (which answers
// 404 for any other address) use this table.
export const paths = {
  root: '/',
  home: '/home',
  blogs: '/blogs',
  portfolio: '/myportfolio',
  login: '/login',
  signUp: '/signup',
  placeOrder: (productId: string) => `/placeorder/${encodeURIComponent(productId)}`,
  placeOrderPattern: '/placeorder/:productId',
  dashboard: '/dashboard',
  myOrders: '/dashboard/myorders',
  addReview: '/dashboard/addreview',
  payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
  paymentPattern: '/dashboard/payment/:orderId',
  makeAdmin: '/dashboard/makeAdmin',
  manageProducts: '/dashboard/manageProducts',
  manageOrders: '/dashboard/manageOrders',
  addProduct: '/dashboard/addProduct',
  /** The cart and its checkout (docs/decisions/017). */
  cart: '/cart',
  checkout: '/checkout',
  /** One order with its timeline. */
  order: (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`,
  orderPattern: '/dashboard/orders/:orderId',
  /** The catalogue: search, filters and sorting, all in the address (docs/decisions/020). */
  products: '/products',
  /** One product's own page, drawn by the server for search engines and link previews. */
  product: (productId: string) => `/product/${encodeURIComponent(productId)}`,
  productPattern: '/product/:productId',
  editProduct: (productId: string) => `/dashboard/editProduct/${encodeURIComponent(productId)}`,
  editProductPattern: '/dashboard/editProduct/:productId',
  manageCategories: '/dashboard/manageCategories',
  /** Where the Google sign-in popup lands to tell its opener that it is done. */
  authPopup: '/auth/popup',
  /** Accounts: where the mailed password-reset link lands. */
  resetPassword: '/reset-password',
} as const;

/**
 * What the login page is told when it is opened for someone (router location state):
 * `from`, the page behind sign-in to return to afterwards; `signOut`, set when the visitor was
 * just thrown out of an admin page ('Access Denied'): the login page signs them out.
 */
export interface LoginState {
  from?: { pathname?: string; search?: string; hash?: string };
  signOut?: boolean;
}

/**
 * The addresses of the table as patterns, made by the parser the router matches with (wouter
 * with regexparam: `:name` is one part of the path, any case, with or without a final slash).
 */
function pagePatterns(): RegExp[] {
  const addresses: string[] = Object.values(paths).filter((path) => typeof path === 'string');
  return addresses.map((path) => parse(path).pattern);
}
let patterns: RegExp[] | undefined;

/**
 * Whether the app has a page at `pathname` (without its /bn prefix): the server answers any
 * other address with the not-found page and a 404, so search engines do not keep it.
 * Made on first use, so the pages' scripts, which never ask, do not carry it.
 */
export function isAppPage(pathname: string): boolean {
  patterns ??= pagePatterns();
  return patterns.some((pattern) => pattern.test(pathname));
}
