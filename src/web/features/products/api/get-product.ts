import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/**
 * Products asked for as the page showing them opened, before its code was in
 * (adoptProductRequest): that answer is this opening's, and the page need not ask again.
 */
const askedAsPageOpened = new Set<string>();

/** The product a page shows, asked for afresh each time a page showing it opens (the stock). */
export function useProduct(productId: string) {
  const product = useQuery({
    ...productQueryOptions(productId),
    refetchOnMount: () => !askedAsPageOpened.has(productId),
  });
  // After the query has subscribed (the effect before this one): every later opening asks.
  useEffect(() => {
    askedAsPageOpened.delete(productId);
  }, [productId]);
  return product;
}

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
  askedAsPageOpened.add(productId);
  return queryClient.prefetchQuery({ ...productQueryOptions(productId), queryFn: () => request });
}
