import type { AuthState, SignedInAccount } from '../../src/web/lib/auth-provider.tsx';

// What useAuth() answers in a web component test, typed as the real state. A test file mocks
// the provider's module with `useAuth: useFakeAuth` and sets the state it needs:
//   vi.mock('…/lib/auth-provider.tsx', async () => ({
//     useAuth: (await import('…/tests/support/auth-state.ts')).useFakeAuth,
//   }));

export const customer: SignedInAccount = {
  id: 'u1',
  displayName: 'Amina Rahman',
  email: 'amina@example.test',
  photoURL: null,
};

const signedOut: AuthState = {
  account: null,
  loading: false,
  isAdmin: false,
  adminLoading: false,
  signOut: async () => undefined,
  refresh: async () => null,
};

let state: AuthState = signedOut;

/** The state useAuth() answers from now on: signed out, with `changes` on top. */
export function setAuth(changes: Partial<AuthState>): AuthState {
  state = { ...signedOut, ...changes };
  return state;
}

/** Signed in as `account` (a customer unless `isAdmin`). */
export const signIn = (account: SignedInAccount = customer, isAdmin = false) =>
  setAuth({ account: { ...account }, isAdmin });

export const useFakeAuth = (): AuthState => state;

/**
 * An access token as the server writes it (PUT /api/user/{email}) with `claims`, an hour from
 * its expiry unless `exp` says otherwise. The browser reads only its claims (tokenFitsSession),
 * never its signature.
 */
export function accessTokenWith(claims: { sid: string; email: string; exp?: number }): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const payload = { exp: Math.floor(Date.now() / 1000) + 3600, ...claims };
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;
}
