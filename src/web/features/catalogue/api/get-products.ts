import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/products: the whole catalogue, oldest first (spec section 7). */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiFetch<Product[]>('/products', { signal });
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'] as const, queryFn: ({ signal }) => getProducts(signal) });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
