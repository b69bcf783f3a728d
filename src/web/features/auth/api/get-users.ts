import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/user.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/users: every user (admin only; 403 for anyone else). */
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiFetch<User[]>('/users', { signal });
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: ['users'] as const, queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
