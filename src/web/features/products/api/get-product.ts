import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '../../../../shared/schemas/product.schema.ts';
import { queryClient } from '../../../lib/query-provider.tsx';
import { productKeys } from '../keys.ts';
import { getProduct } from './product-reads.ts';

export const productQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => getProduct(productId, signal),
    // The stock matters where one product is shown: always ask again when the page opens.
    staleTime: 0,
  });

export const useProduct = (productId: string) => useQuery(productQueryOptions(productId));

/** The product as Edit Product shows it: the English texts, with the Bengali ones beside them. */
export const useProductToEdit = (productId: string) =>
  useQuery({
    queryKey: productKeys.detail(productId, 'en'),
    queryFn: ({ signal }) => getProduct(productId, signal, 'en'),
    staleTime: 0,
  });

/**
 * Hands a product request started before the page's code (router.tsx preloadPage) to the
 * query the page reads, so the page shows its answer as soon as it renders.
 */
export function adoptProductRequest(productId: string, request: Promise<ProductDetail>): Promise<void> {
  return queryClient.prefetchQuery({ ...productQueryOptions(productId), queryFn: () => request });
}
