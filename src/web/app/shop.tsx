import { AuthProvider } from '../lib/auth-provider.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The whole shop below the router: the router follows the browser's address (main.tsx), or
 * the page's path when it is prerendered at build time (prerender.tsx), so both render the
 * same tree and the browser can hydrate the prerendered HTML.
 */
export function Shop() {
  return (
    <AuthProvider>
      <AppRoutes />
    </AuthProvider>
  );
}
