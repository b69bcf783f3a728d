import { USER_DATA_KEY } from '../../../shared/constants.ts';

// Every query key of the users feature, so queries and invalidation never drift apart.
export const userKeys = {
  /** Make Admin's paged list of every user. */
  list: () => ['users'] as const,
  /** Profiles are cached under the spec's key userData. */
  profiles: [USER_DATA_KEY] as const,
  profile: (email: string) => [USER_DATA_KEY, email] as const,
};
