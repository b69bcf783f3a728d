import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * GET /api/product/{id} (spec section 7). Apart from the query hooks in get-product.ts so the
 * router can start it before TanStack Query has loaded (router.tsx preloadPage).
 */
export function getProduct(productId: string, signal?: AbortSignal): Promise<Product> {
  return apiFetch<Product>(`/product/${encodeURIComponent(productId)}`, { signal });
}
