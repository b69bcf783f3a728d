import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { t } from '../lib/i18n.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { setAccessToken } from '../lib/access-token.ts';
import { useAuth } from '../lib/auth-provider.tsx';
import { paths } from '../lib/paths.ts';
import { showToast } from '../lib/toast.ts';

/** Login required (spec section 2): visitors go to /login, which sends them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { account, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageSpinner />;
  if (!account) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return children;
}

/**
 * Admin only (spec section 4): a signed-in non-admin sees 'Access Denied', is signed out,
 * loses the stored access token and lands on /login. The server refuses them anyway.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { account, loading, isAdmin, adminLoading, signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const denied = !loading && !adminLoading && !!account && !isAdmin;
  const handled = useRef(false);
  useEffect(() => {
    if (!denied || handled.current) return;
    handled.current = true;
    showToast('error', t.accessDenied);
    setAccessToken(null);
    // Only 'Access Denied' is shown (section 4), not the sign-out toast as well.
    void signOut({ silent: true }).finally(() => navigate(paths.login, { replace: true }));
  }, [denied, signOut, navigate]);
  if (loading || adminLoading) return <FullPageSpinner />;
  if (!account) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (!isAdmin) return <FullPageSpinner label={t.accessDenied} />;
  return children;
}
