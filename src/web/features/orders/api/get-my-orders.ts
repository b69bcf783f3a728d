import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderListSchema, type Order } from '../../../../shared/schemas/order.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** GET /api/order?email= (spec section 7): the signed-in customer's orders. */
export async function getMyOrders(email: string, signal?: AbortSignal): Promise<Order[]> {
  const data = await apiFetch<unknown>(`/order?email=${encodeURIComponent(email)}`, { signal });
  return orderListSchema.parse(data);
}

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: orderKeys.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
  });

export const useMyOrders = (email: string | undefined) =>
  useQuery({ ...myOrdersQueryOptions(email ?? ''), enabled: !!email });
