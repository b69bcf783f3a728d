import { useEffect, useRef, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { t } from '../lib/i18n.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { setAccessToken } from '../lib/access-token.ts';
import { useAuth } from '../lib/auth-provider.tsx';
import { currentHash, currentSearch } from '../lib/navigation.tsx';
import { paths, type LoginState } from '../../shared/paths.ts';
import { showToast } from '../lib/toast.ts';

/** Login required (spec section 2): visitors go to /login, which sends them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { account, loading } = useAuth();
  const from = useHere();
  if (loading) return <FullPageSpinner />;
  if (!account) return <Redirect to={paths.login} replace state={{ from } satisfies LoginState} />;
  return children;
}

/** The page on screen, for the login page to return to. */
function useHere(): NonNullable<LoginState['from']> {
  const [pathname] = useLocation();
  return { pathname, search: currentSearch(useSearch()), hash: currentHash() };
}

/**
 * Admin only (spec section 4): a signed-in non-admin sees 'Access Denied', loses the stored
 * access token and lands on /login, which signs them out (LoginState.signOut). The server
 * refuses them anyway. Signing out here instead would let RequireAuth, still on screen while
 * the login page's code loads, send them to /login with this page as the one to return to:
 * signing in again would lead back here and out again, forever.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { account, loading, isAdmin, adminLoading } = useAuth();
  const from = useHere();
  const [, navigate] = useLocation();
  const denied = !loading && !adminLoading && !!account && !isAdmin;
  const handled = useRef(false);
  useEffect(() => {
    if (!denied || handled.current) return;
    handled.current = true;
    showToast('error', t.accessDenied);
    setAccessToken(null);
    navigate(paths.login, { replace: true, state: { signOut: true } satisfies LoginState });
  }, [denied, navigate]);
  if (loading || adminLoading) return <FullPageSpinner />;
  if (!account) return <Redirect to={paths.login} replace state={{ from } satisfies LoginState} />;
  if (!isAdmin) return <FullPageSpinner label={t.accessDenied} />;
  return children;
}
