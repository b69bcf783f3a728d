import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

// Product reads as plain calls, apart from the query hooks (get-products.ts, get-product.ts):
// the home page and the router use them before TanStack Query has loaded, and a module that
// imports the library would put it into the home route's JavaScript (docs/decisions/009).

/** GET /api/products: the first page (100 products) of the catalogue, oldest first. */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiFetch<Product[]>('/products', { signal });
}

/** GET /api/product/{id} (spec section 7). The router starts it early (router.tsx preloadPage). */
export function getProduct(productId: string, signal?: AbortSignal): Promise<Product> {
  return apiFetch<Product>(`/product/${encodeURIComponent(productId)}`, { signal });
}
