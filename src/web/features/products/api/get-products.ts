import { useInfiniteQuery } from '@tanstack/react-query';
import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { apiFetchPage, type ApiPage } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-list.ts';
import { productKeys } from '../keys.ts';

/** GET /api/products one page at a time: `path` is '/products' or the server's next-page link (docs/decisions/007). */
export function getProductsPage(path = '/products', signal?: AbortSignal): Promise<ApiPage<Product>> {
  return apiFetchPage<Product>(path, { signal });
}

/** Manage Products reads the catalogue page by page with 'Load more'. */
export const productsQueryOptions = () => pagedQueryOptions(productKeys.list(), '/products', getProductsPage);

export function useProducts() {
  return useInfiniteQuery(productsQueryOptions());
}
