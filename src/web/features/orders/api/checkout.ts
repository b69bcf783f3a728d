import { useMutation, useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '../../../../shared/order-lifecycle.ts';
import type { CheckoutAnswer, CheckoutInput, OrderDetail } from '../../../../shared/schemas/order.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../keys.ts';

/** GET /api/checkout/options: the ways to pay this shop offers. */
export const useCheckoutOptions = () =>
  useQuery({
    queryKey: orderKeys.checkoutOptions(),
    queryFn: ({ signal }) =>
      apiFetch<{ paymentMethods: PaymentMethod[]; districts: string[] }>('/checkout/options', { signal }),
    staleTime: 5 * 60_000,
  });

/** POST /api/checkout: one order per line, all or nothing. */
export const useCheckout = () =>
  useMutation({
    mutationFn: (input: CheckoutInput) =>
      apiFetch<CheckoutAnswer>('/checkout', { method: 'POST', body: input }),
  });

/** GET /api/order/{id}: one order with its history. */
export const useOrder = (orderId: string) =>
  useQuery({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => apiFetch<OrderDetail>(`/order/${encodeURIComponent(orderId)}`, { signal }),
  });

/** POST /api/order/{id}/pay: answers the gateway page to send the buyer to. */
export const payOnline = (orderId: string) =>
  apiFetch<{ redirectUrl: string }>(`/order/${encodeURIComponent(orderId)}/pay`, {
    method: 'POST',
    body: { method: 'sslcommerz' },
  });
