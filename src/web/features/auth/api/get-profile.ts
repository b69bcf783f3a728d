import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_DATA_KEY } from '../../../../shared/constants.ts';
import type { User } from '../../../../shared/schemas/user.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/user?email=: a one-item list whose first item is the profile (spec section 7). */
export async function getProfile(email: string, signal?: AbortSignal): Promise<User | null> {
  const list = await apiFetch<User[]>(`/user?email=${encodeURIComponent(email)}`, { signal });
  return list[0] ?? null;
}

/** Cached under the spec's key userData, refetched after a profile update. */
export const profileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [USER_DATA_KEY, email] as const,
    queryFn: ({ signal }) => getProfile(email, signal),
  });

export function useProfile(email: string) {
  return useQuery(profileQueryOptions(email));
}
