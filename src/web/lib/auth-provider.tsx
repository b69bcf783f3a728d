import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { DEFAULT_AVATAR_URL } from '../../shared/constants.ts';
import { t } from './i18n.ts';
import { getAccessToken, setAccessToken, tokenFitsSession } from './access-token.ts';
import { apiFetch } from './api-client.ts';
import { getIdentitySession, identityRequest, type IdentitySession } from './identity-client.ts';
import { showToast } from './toast.ts';

// The signed-in account as the spec names it (section 3: displayName, email, photoURL)
// plus the server's admin flag.
export interface SignedInAccount {
  id: string;
  displayName: string;
  email: string;
  photoURL: string | null;
}

export interface AuthState {
  account: SignedInAccount | null;
  /** True until the identity session is known. */
  loading: boolean;
  /** Admin flag from GET /api/admin/{email}; false while unknown (section 4). */
  isAdmin: boolean;
  adminLoading: boolean;
  /** Ends the identity session, drops the access token; toasts unless `silent`. */
  signOut: (options?: { silent?: boolean }) => Promise<void>;
  /**
   * Re-reads the identity session after a sign-in, sign-up or Google popup, syncs the
   * user (PUT /api/user/{email}) for a fresh access token and loads the admin flag.
   */
  refresh: () => Promise<SignedInAccount | null>;
}

/** Only addresses the server accepts as an avatar (an http(s) URL or a site path). */
const usableImage = (image: string | null | undefined) =>
  image && (/^https?:\/\/\S+$/i.test(image) || /^\/[^\s/]\S*$/.test(image)) ? image : null;

/** A session check started before the first render (prefetchSession), for the first refresh. */
let earlySession: Promise<IdentitySession | null> | null = null;

/**
 * Starts the identity session check as soon as the app's code runs (main.tsx), rather than
 * after React's first render: the check then runs while a page's own code is still loading.
 * The AuthProvider's first refresh uses its answer.
 */
export function prefetchSession(): void {
  earlySession ??= getIdentitySession();
  // refresh() reports a failure; this copy must not count as unhandled meanwhile.
  earlySession.catch(() => undefined);
}

/**
 * The account the provider starts with where the session was known before the first render
 * (sessionBeforeRender): null for a visitor not signed in; undefined where it is not known, and
 * the provider starts loading.
 */
let accountBeforeRender: SignedInAccount | null | undefined;

/**
 * Waits for the early session check, so that the first render can draw a page behind sign-in
 * at once instead of RequireAuth's spinner (a page the server drew, docs/decisions/021). Only
 * where no prerendered HTML is hydrated: that HTML was drawn signed out, and the first render
 * must draw it the same. A signed-in session counts only with a stored access token that
 * serves it; otherwise the provider syncs the user first, as ever (spec section 4). Settles
 * with whether the visitor is signed in, or null when that is not known.
 */
export async function sessionBeforeRender(): Promise<boolean | null> {
  prefetchSession();
  let session: IdentitySession | null;
  try {
    session = await earlySession;
  } catch {
    return null; // refresh() counts the failure as signed out
  }
  const user = session?.user;
  if (!user) {
    accountBeforeRender = null;
    return false;
  }
  const stored = getAccessToken();
  if (!stored || !tokenFitsSession(stored, { sessionId: session?.session?.id, email: user.email }))
    return null;
  accountBeforeRender = accountOf(user);
  return true;
}

function accountOf(user: IdentitySession['user']): SignedInAccount {
  return { id: user.id, displayName: user.name, email: user.email, photoURL: usableImage(user.image) };
}

const AuthContext = createContext<AuthState>({
  account: null,
  loading: false,
  isAdmin: false,
  adminLoading: false,
  signOut: async () => undefined,
  refresh: async () => null,
});

export function AuthProvider({ children }: { children: ReactNode }) {
  const [account, setAccount] = useState<SignedInAccount | null>(() => accountBeforeRender ?? null);
  const [loading, setLoading] = useState(() => accountBeforeRender === undefined);
  const [isAdmin, setIsAdmin] = useState(false);
  // The admin flag is still to be asked for (refresh) when an account was known before.
  const [adminLoading, setAdminLoading] = useState(() => !!accountBeforeRender);
  // Only the latest refresh may write state (a sign-in may overtake the first load).
  const generation = useRef(0);

  const refresh = useCallback(async (): Promise<SignedInAccount | null> => {
    const mine = ++generation.current;
    const current = () => mine === generation.current;
    let next: SignedInAccount | null = null;
    try {
      const early = earlySession;
      earlySession = null;
      const session = await (early ?? getIdentitySession());
      if (session?.user) {
        const { user } = session;
        next = accountOf(user);
        // Spec section 4: every sign-in syncs the user and stores the returned token.
        const sync = apiFetch<{ token: string }>(`/user/${encodeURIComponent(user.email)}`, {
          method: 'PUT',
          body: { email: user.email, name: user.name, avatar: next.photoURL ?? DEFAULT_AVATAR_URL },
        });
        const stored = getAccessToken();
        if (stored && tokenFitsSession(stored, { sessionId: session.session?.id, email: user.email })) {
          // A reload or a new tab of the same session: the stored token still serves, so the
          // page need not wait for the sync, which replaces the token when it answers.
          sync.then(
            ({ token }) => {
              if (current()) setAccessToken(token);
            },
            () => undefined,
          );
        } else {
          setAccessToken((await sync).token);
        }
      } else {
        setAccessToken(null);
      }
    } catch {
      // No session, or it could not be proven: count as signed out.
      setAccessToken(null);
      next = null;
    }
    if (!current()) return next;
    // Transitions: on a prerendered page the account may be known before the page's own code
    // has arrived, and an urgent update would make React throw that page's HTML away and draw
    // it again (docs/decisions/009). A transition waits until the page has hydrated.
    startTransition(() => {
      setAccount(next);
      setIsAdmin(false);
      setAdminLoading(!!next);
      setLoading(false);
    });
    if (next) {
      // Section 4: the admin flag comes from the server after sign-in; non-admin while unknown.
      let admin = false;
      try {
        admin = (await apiFetch<{ admin: boolean }>(`/admin/${encodeURIComponent(next.email)}`)).admin;
      } catch {
        admin = false;
      }
      if (current())
        startTransition(() => {
          setIsAdmin(admin);
          setAdminLoading(false);
        });
    }
    return next;
  }, []);

  const signOut = useCallback(async (options?: { silent?: boolean }) => {
    generation.current += 1;
    try {
      await identityRequest('/sign-out', {});
    } catch {
      // The cookie may already be gone; the local sign-out below still happens.
    }
    setAccessToken(null);
    setAccount(null);
    setIsAdmin(false);
    setAdminLoading(false);
    setLoading(false);
    // The cache is shared by the pages that use it; it is loaded with them, not here
    // (the home route's JavaScript budget), so it is cleared through a dynamic import.
    void import('./query-provider.tsx').then(({ queryClient }) => queryClient.removeQueries());
    if (!options?.silent) showToast('success', t.signedOut);
  }, []);

  useEffect(() => {
    // Known once, for the first provider: a later one (tests) starts loading.
    accountBeforeRender = undefined;
    // refresh() only sets state after its first await; the rule cannot see that.
    void Promise.resolve().then(refresh);
  }, [refresh]);

  const value = useMemo<AuthState>(
    () => ({ account, loading, isAdmin, adminLoading, signOut, refresh }),
    [account, loading, isAdmin, adminLoading, signOut, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
