import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
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
 * Counts sign-ins, sign-outs and session checks: only the latest may write the provider's state
 * or store a token (a sign-in may overtake the first load).
 */
let generation = 0;

/**
 * The identity session's account, with the shop's access token for it stored. Spec section 4:
 * every sign-in syncs the user (PUT /api/user/{email}) and stores the token it returns. A stored
 * token issued for this very session serves meanwhile (a reload or a new tab), so the account
 * is known without waiting for the sync, whose token then replaces it if `mine` is still the
 * latest generation. Null when signed out, or when the session could not be proven.
 */
async function confirmSession(
  session: Promise<IdentitySession | null>,
  mine: number,
): Promise<SignedInAccount | null> {
  try {
    const answer = await session;
    const user = answer?.user;
    if (!user) {
      setAccessToken(null);
      return null;
    }
    const account: SignedInAccount = {
      id: user.id,
      displayName: user.name,
      email: user.email,
      photoURL: usableImage(user.image),
    };
    const sync = apiFetch<{ token: string }>(`/user/${encodeURIComponent(user.email)}`, {
      method: 'PUT',
      body: { email: user.email, name: user.name, avatar: account.photoURL ?? DEFAULT_AVATAR_URL },
    });
    const stored = getAccessToken();
    if (stored && tokenFitsSession(stored, { sessionId: answer.session?.id, email: user.email })) {
      sync.then(
        ({ token }) => {
          if (mine === generation) setAccessToken(token);
        },
        () => undefined,
      );
    } else {
      setAccessToken((await sync).token);
    }
    return account;
  } catch {
    // No session, or it could not be proven: count as signed out.
    setAccessToken(null);
    return null;
  }
}

/**
 * The session confirmed before the first render (sessionBeforeRender), which the provider
 * starts from: its account (null for a visitor not signed in) and its generation.
 */
let beforeRender: { mine: number; account: SignedInAccount | null } | undefined;

/**
 * Confirms the session (the early check, and the user sync where no stored token serves it)
 * before the first render, so that render can draw a page behind sign-in at once instead of
 * RequireAuth's spinner (a page the server drew, docs/decisions/021). Only where no prerendered
 * HTML is hydrated: that HTML was drawn signed out, and the first render must draw it the same.
 * Settles with whether the visitor is signed in.
 */
export async function sessionBeforeRender(): Promise<boolean> {
  prefetchSession();
  const session = earlySession!;
  earlySession = null;
  const mine = ++generation;
  const account = await confirmSession(session, mine);
  beforeRender = { mine, account };
  return account !== null;
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
  const [account, setAccount] = useState<SignedInAccount | null>(() => beforeRender?.account ?? null);
  const [loading, setLoading] = useState(() => beforeRender === undefined);
  const [isAdmin, setIsAdmin] = useState(false);
  // The admin flag is still to be asked for (refresh) when an account was known before.
  const [adminLoading, setAdminLoading] = useState(() => !!beforeRender?.account);

  const refresh = useCallback(async (): Promise<SignedInAccount | null> => {
    // The first refresh takes over a session confirmed before the first render.
    const early = beforeRender;
    beforeRender = undefined;
    const mine = early?.mine ?? ++generation;
    const current = () => mine === generation;
    let next = early?.account;
    if (next === undefined) {
      const session = earlySession;
      earlySession = null;
      next = await confirmSession(session ?? getIdentitySession(), mine);
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
    generation += 1;
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
