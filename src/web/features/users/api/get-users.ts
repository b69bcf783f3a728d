import { useInfiniteQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/user.schema.ts';
import { apiFetchPage, type ApiPage } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-list.ts';
import { userKeys } from '../keys.ts';

/**
 * GET /api/users: every user (admin only; 403 for anyone else), oldest first, one page at a
 * time (docs/decisions/007). `path` is '/users' or the server's next-page link.
 */
export function getUsersPage(path = '/users', signal?: AbortSignal): Promise<ApiPage<User>> {
  return apiFetchPage<User>(path, { signal });
}

export const usersQueryOptions = () => pagedQueryOptions(userKeys.list(), '/users', getUsersPage);

export function useUsers() {
  return useInfiniteQuery(usersQueryOptions());
}
