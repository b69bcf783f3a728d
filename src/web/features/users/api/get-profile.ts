import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/user.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { userKeys } from '../keys.ts';

/** GET /api/user?email=: a one-item list whose first item is the profile (spec section 7). */
export async function getProfile(email: string, signal?: AbortSignal): Promise<User | null> {
  const list = await apiFetch<User[]>(`/user?email=${encodeURIComponent(email)}`, { signal });
  return list[0] ?? null;
}

/** Refetched after a profile update. */
export const profileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: userKeys.profile(email),
    queryFn: ({ signal }) => getProfile(email, signal),
  });

export function useProfile(email: string) {
  return useQuery(profileQueryOptions(email));
}
