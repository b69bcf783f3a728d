import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail, OrderStatusInput } from '../../../../shared/schemas/order.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../keys.ts';

/** POST /api/order/{id}/status: an administrator moves an order along its lifecycle. */
export function moveOrder({
  orderId,
  ...input
}: OrderStatusInput & { orderId: string }): Promise<OrderDetail> {
  return apiFetch<OrderDetail>(`/order/${encodeURIComponent(orderId)}/status`, {
    method: 'POST',
    body: input,
  });
}

/** Moves an order; the order page's copy is replaced by the answer and every order list reloads. */
export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveOrder,
    onSuccess: (detail) => queryClient.setQueryData(orderKeys.detail(detail._id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
