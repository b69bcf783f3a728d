import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfig } from '../../../../shared/schemas/user.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { authKeys } from '../keys.ts';

/** GET /api/auth-config: whether this server offers Google sign-in. */
export function getAuthConfig(signal?: AbortSignal): Promise<AuthConfig> {
  return apiFetch<AuthConfig>('/auth-config', { signal });
}

export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.config(),
    queryFn: ({ signal }) => getAuthConfig(signal),
    staleTime: Infinity,
  });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
