import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductInput } from '../../../../shared/schemas/product.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { productKeys } from '../keys.ts';

/** POST /api/product (admin): answers the new product's id. */
export function addProduct(input: ProductInput): Promise<{ insertedId: string }> {
  return apiFetch<{ insertedId: string }>('/product', { method: 'POST', body: input });
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
