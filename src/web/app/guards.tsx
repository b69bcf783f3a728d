import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { t } from '../lib/i18n.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { setAccessToken } from '../lib/access-token.ts';
import { useAuth } from '../lib/auth-provider.tsx';
import { paths, type LoginState } from '../lib/paths.ts';
import { showToast } from '../lib/toast.ts';

/** Login required (spec section 2): visitors go to /login, which sends them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { account, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageSpinner />;
  if (!account) return <Navigate to={paths.login} replace state={{ from: location } satisfies LoginState} />;
  return children;
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
  const location = useLocation();
  const navigate = useNavigate();
  const denied = !loading && !adminLoading && !!account && !isAdmin;
  const handled = useRef(false);
  useEffect(() => {
    if (!denied || handled.current) return;
    handled.current = true;
    showToast('error', t.accessDenied);
    setAccessToken(null);
    void navigate(paths.login, { replace: true, state: { signOut: true } satisfies LoginState });
  }, [denied, navigate]);
  if (loading || adminLoading) return <FullPageSpinner />;
  if (!account) return <Navigate to={paths.login} replace state={{ from: location } satisfies LoginState} />;
  if (!isAdmin) return <FullPageSpinner label={t.accessDenied} />;
  return children;
}
