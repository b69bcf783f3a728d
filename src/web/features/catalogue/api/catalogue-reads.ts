import type { Product } from '../../../../shared/schemas/product.schema.ts';
import type { Review } from '../../../../shared/schemas/review.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

// The home page's two reads (spec section 7) as plain calls. They stay apart from the query
// hooks (get-products.ts, get-reviews.ts): a module that imports TanStack Query would put the
// library into the home route's JavaScript (issue 6: at most 100 KB gzip).

/** GET /api/products: the first page (100 products) of the catalogue, oldest first. */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiFetch<Product[]>('/products', { signal });
}

/** GET /api/reviews: the reviews, newest first. */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return apiFetch<Review[]>('/reviews', { signal });
}
