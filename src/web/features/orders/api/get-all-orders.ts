import { useInfiniteQuery } from '@tanstack/react-query';
import type { OrderStatus } from '../../../../shared/order-lifecycle.ts';
import { orderListSchema, type Order } from '../../../../shared/schemas/order.schema.ts';
import { apiFetchPage, type ApiPage } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-list.ts';
import { orderKeys } from '../keys.ts';

/**
 * GET /api/orders (spec section 7): every order, for administrators, newest first, one page
 * at a time (docs/decisions/007). `path` is '/orders' or the server's next-page link.
 */
export async function getAllOrdersPage(path = '/orders', signal?: AbortSignal): Promise<ApiPage<Order>> {
  const page = await apiFetchPage<unknown>(path, { signal });
  return { rows: orderListSchema.parse(page.rows), next: page.next };
}

export const allOrdersQueryOptions = (status?: OrderStatus) =>
  pagedQueryOptions(
    orderKeys.everyone(status),
    status ? `/orders?status=${encodeURIComponent(status)}` : '/orders',
    getAllOrdersPage,
  );

/** Every order (cancelled ones left out), or only those in `status`. */
export const useAllOrders = (status?: OrderStatus) => useInfiniteQuery(allOrdersQueryOptions(status));
