import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../shared/schemas/category.schema.ts';
import type { CatalogueProduct } from '../../../../shared/schemas/product.schema.ts';
import { apiFetch, apiFetchPage } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-list.ts';
import { productKeys } from '../keys.ts';
import { inPageLanguage } from './product-reads.ts';
import { getLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-provider.tsx';

/** The parameters the page keeps in its address; the same names as GET /api/products takes. */
export const FILTERS = ['q', 'category', 'inStock', 'minPrice', 'maxPrice', 'sort'] as const;

/**
 * The API query of the page's address: its filters, and always a sort, so the server treats it
 * as a search (with categories and cursors) even when nothing is chosen.
 */
export function apiQuery(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name)?.trim();
    if (value) query.set(name, value);
  }
  if (!query.has('sort')) query.set('sort', query.has('q') ? 'relevance' : 'newest');
  if (query.get('sort') === 'relevance' && !query.has('q')) query.set('sort', 'newest');
  return query.toString();
}

/**
 * GET /api/products with search parameters (`query` is the products page's own query string),
 * page after page through the signed cursors of the Link header (docs/decisions/020).
 */
export const searchProductsQueryOptions = (query: string) =>
  pagedQueryOptions(productKeys.search(query), inPageLanguage(`/products?${query}`), (path, signal) =>
    apiFetchPage<CatalogueProduct>(path, { signal }),
  );

export const useProductSearch = (query: string) => useInfiniteQuery(searchProductsQueryOptions(query));

export const categoriesQueryOptions = () => ({
  queryKey: productKeys.categories(),
  queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<Category[]>('/categories', { signal }),
});

export const useCategories = () => useQuery(categoriesQueryOptions());

/** A category's name in the page's language: the Bengali one on Bengali pages when it has one. */
export const categoryNameOf = (category: Pick<Category, 'name' | 'nameBn'>): string =>
  getLocale() === 'bn' && category.nameBn ? category.nameBn : category.name;

/**
 * Starts what the products page at query string `search` shows first, its first search and the
 * categories, before the page's code is in (router.tsx preloadPage). Settles when both are in,
 * or failed: the page's own queries then report the failure.
 */
export const prefetchProductSearch = (search: string) =>
  Promise.all([
    queryClient.prefetchInfiniteQuery(searchProductsQueryOptions(apiQuery(new URLSearchParams(search)))),
    prefetchCategories(),
  ]);

/** Starts the categories' query (see prefetchProductSearch). */
export const prefetchCategories = () => queryClient.prefetchQuery(categoriesQueryOptions());
