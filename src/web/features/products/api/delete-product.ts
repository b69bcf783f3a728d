import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { filterPages } from '../../../lib/paged-list.ts';
import { productKeys } from '../keys.ts';
import { productsQueryOptions } from './get-products.ts';

/** DELETE /api/product/{id} (admin): answers how many were removed. */
export function deleteProduct(id: string): Promise<{ deletedCount: number }> {
  return apiFetch<{ deletedCount: number }>(`/product/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const { queryKey } = productsQueryOptions();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_result, id) => {
      // Drop the row at once, then confirm with the server's pages.
      queryClient.setQueryData(queryKey, (data) => filterPages(data, (product) => product._id !== id));
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
