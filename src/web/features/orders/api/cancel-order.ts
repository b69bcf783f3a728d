import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../keys.ts';

/**
 * DELETE /api/order/{id}: a customer cancels their own unpaid order; an admin removes any.
 * Either way an unpaid order's stock goes back (docs/decisions/003).
 */
export function cancelOrder(orderId: string): Promise<{ deletedCount: number }> {
  return apiFetch<{ deletedCount: number }>(`/order/${encodeURIComponent(orderId)}`, { method: 'DELETE' });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
