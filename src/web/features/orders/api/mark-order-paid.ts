import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../keys.ts';

/** PATCH /api/order/{id} {paid: true}: an administrator records the payment (docs/decisions/017-order-model-and-lifecycle.md). */
export function markOrderPaid(orderId: string): Promise<{ modifiedCount: number }> {
  return apiFetch<{ modifiedCount: number }>(`/order/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: { paid: true },
  });
}

export function useMarkOrderPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOrderPaid,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
