import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

// The place-order page's own product query (features do not import each other).

export function getProduct(productId: string, signal?: AbortSignal): Promise<Product> {
  return apiFetch<Product>(`/product/${encodeURIComponent(productId)}`, { signal });
}

export const productQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: orderKeys.product(productId),
    queryFn: ({ signal }) => getProduct(productId, signal),
    // The stock matters here: always ask again when the page opens.
    staleTime: 0,
  });

export const useProduct = (productId: string) => useQuery(productQueryOptions(productId));
