import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../shared/schemas/category.schema.ts';
import type { CatalogueProduct } from '../../../../shared/schemas/product.schema.ts';
import { apiFetch, apiFetchPage } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-list.ts';
import { productKeys } from '../keys.ts';
import { inPageLanguage } from './product-reads.ts';
import { getLocale } from '../../../lib/i18n.ts';

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
