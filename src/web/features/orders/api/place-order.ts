import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderInput } from '../../../../shared/schemas/order.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../keys.ts';

/** POST /api/order. The server takes name, email, price, product name and image from its own records. */
export function placeOrder(input: OrderInput): Promise<{ insertedId: string }> {
  return apiFetch<{ insertedId: string }>('/order', { method: 'POST', body: input });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Stock and the order lists changed (or, after a 409, the stock we showed was stale).
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
