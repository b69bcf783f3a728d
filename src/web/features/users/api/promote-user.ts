import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { userKeys } from '../keys.ts';

/** PUT /api/user/admin/{email}: admin only; answers how many users changed. */
export function promoteUser(email: string) {
  return apiFetch<{ modifiedCount: number }>(`/user/admin/${encodeURIComponent(email)}`, {
    method: 'PUT',
  });
}

export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
  });
}
