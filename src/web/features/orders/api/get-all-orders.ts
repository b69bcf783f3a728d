import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderListSchema, type Order } from '../../../../shared/schemas/order.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** GET /api/orders (spec section 7): every order, for administrators. */
export async function getAllOrders(signal?: AbortSignal): Promise<Order[]> {
  return orderListSchema.parse(await apiFetch<unknown>('/orders', { signal }));
}

export const allOrdersQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.everyone(),
    queryFn: ({ signal }) => getAllOrders(signal),
  });

export const useAllOrders = () => useQuery(allOrdersQueryOptions());
