import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput } from '../../../../shared/schemas/category.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { productKeys } from '../keys.ts';

// The admin's category calls (docs/decisions/020). Every one drops the products feature's
// queries: categories' names and counts show on the products page and in the product form.

const categoryPath = (id: string) => `/categories/${encodeURIComponent(id)}`;

export function useAddCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryInput) =>
      apiFetch<{ insertedId: string }>('/categories', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useRenameCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CategoryInput & { id: string }) =>
      apiFetch<{ modifiedCount: number }>(categoryPath(id), { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useRemoveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deletedCount: number }>(categoryPath(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
