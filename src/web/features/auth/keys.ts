// Every query key of the auth feature.
export const authKeys = {
  /** Whether this server offers Google sign-in; it never changes while the page lives. */
  config: () => ['auth-config'] as const,
};
