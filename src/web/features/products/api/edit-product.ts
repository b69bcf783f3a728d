import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductEdit, ProductEditAnswer } from '../../../../shared/schemas/product.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { productKeys } from '../keys.ts';

/**
 * PUT /api/product/{id} (admin): every field of Add a Product, and the stock the form began from
 * so the stock moves by the admin's change; answers the stock the product has now.
 */
export function editProduct(productId: string, input: ProductEdit): Promise<ProductEditAnswer> {
  return apiFetch<ProductEditAnswer>(`/product/${encodeURIComponent(productId)}`, {
    method: 'PUT',
    body: input,
  });
}

export function useEditProduct(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductEdit) => editProduct(productId, input),
    // Lists, searches and the product itself all show price and stock. They reload behind the
    // save, not before it is confirmed: the form already shows what was saved, and the admin
    // should not wait on three other reads (each retried on a bad connection) to hear so.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
