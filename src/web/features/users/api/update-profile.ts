import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '../../../../shared/schemas/user.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { userKeys } from '../keys.ts';

/** PUT /api/user/profile/{id}: own profile only (the server refuses anyone else's). */
export function updateProfile({ id, fields }: { id: string; fields: ProfileUpdate }) {
  return apiFetch<{ acknowledged: boolean }>(`/user/profile/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: fields,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.profiles }),
  });
}
