import { useInfiniteQuery } from '@tanstack/react-query';
import { orderListSchema, type Order } from '../../../../shared/schemas/order.schema.ts';
import { apiFetchPage, type ApiPage } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-list.ts';
import { orderKeys } from '../keys.ts';

export const myOrdersPath = (email: string) => `/order?email=${encodeURIComponent(email)}`;

/**
 * GET /api/order?email= (spec section 7): the signed-in customer's orders, newest first, one
 * page at a time (docs/decisions/007). `path` is the first page's or the server's next link.
 */
export async function getMyOrdersPage(path: string, signal?: AbortSignal): Promise<ApiPage<Order>> {
  const page = await apiFetchPage<unknown>(path, { signal });
  return { rows: orderListSchema.parse(page.rows), next: page.next };
}

export const myOrdersQueryOptions = (email: string) =>
  pagedQueryOptions(orderKeys.mine(email), myOrdersPath(email), getMyOrdersPage);

export const useMyOrders = (email: string | undefined) =>
  useInfiniteQuery({ ...myOrdersQueryOptions(email ?? ''), enabled: !!email });
