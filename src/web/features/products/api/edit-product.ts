import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductInput } from '../../../../shared/schemas/product.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { productKeys } from '../keys.ts';

/** PUT /api/product/{id} (admin): every field of Add a Product; answers how many rows changed. */
export function editProduct(productId: string, input: ProductInput): Promise<{ modifiedCount: number }> {
  return apiFetch<{ modifiedCount: number }>(`/product/${encodeURIComponent(productId)}`, {
    method: 'PUT',
    body: input,
  });
}

export function useEditProduct(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => editProduct(productId, input),
    // Lists, searches and the product itself all show price and stock. They reload behind the
    // save, not before it is confirmed: the form already shows what was saved, and the admin
    // should not wait on three other reads (each retried on a bad connection) to hear so.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
