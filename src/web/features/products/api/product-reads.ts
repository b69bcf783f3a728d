import type { Product, ProductDetail } from '../../../../shared/schemas/product.schema.ts';
import type { Locale } from '../../../../shared/i18n/locale.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { getLocale } from '../../../lib/i18n.ts';

/**
 * A catalogue read in the page's language: Bengali pages ask for `lang=bn`, and the server
 * answers with each product's Bengali name and description where it has them (docs/decisions/028).
 */
export function inPageLanguage(path: string, locale: Locale = getLocale()): string {
  if (locale === 'en') return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`;
}

// Product reads as plain calls, apart from the query hooks (get-products.ts, get-product.ts):
// the home page and the router use them before TanStack Query has loaded, and a module that
// imports the library would put it into the home route's JavaScript (docs/decisions/009).

/** GET /api/products: the first page (100 products) of the catalogue, oldest first. */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiFetch<Product[]>(inPageLanguage('/products'), { signal });
}

/**
 * GET /api/product/{id} (spec section 7) in `locale` (the page's by default). The router starts
 * it early (router.tsx preloadPage); Edit Product asks in English, the texts the admin edits.
 */
export function getProduct(
  productId: string,
  signal?: AbortSignal,
  locale: Locale = getLocale(),
): Promise<ProductDetail> {
  return apiFetch<ProductDetail>(inPageLanguage(`/product/${encodeURIComponent(productId)}`, locale), {
    signal,
  });
}
