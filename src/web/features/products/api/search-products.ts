import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../shared/schemas/category.schema.ts';
import type { CatalogueProduct } from '../../../../shared/schemas/product.schema.ts';
import { apiFetch, apiFetchPage } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-list.ts';
import { productKeys } from '../keys.ts';

/**
 * GET /api/products with search parameters (`query` is the products page's own query string),
 * page after page through the signed cursors of the Link header (docs/decisions/020).
 */
export const searchProductsQueryOptions = (query: string) =>
  pagedQueryOptions(productKeys.search(query), `/products?${query}`, (path, signal) =>
    apiFetchPage<CatalogueProduct>(path, { signal }),
  );

export const useProductSearch = (query: string) => useInfiniteQuery(searchProductsQueryOptions(query));

export const categoriesQueryOptions = () => ({
  queryKey: productKeys.categories(),
  queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<Category[]>('/categories', { signal }),
});

export const useCategories = () => useQuery(categoriesQueryOptions());
