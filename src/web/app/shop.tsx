import { AuthProvider } from '../lib/auth-provider.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The whole shop below the router: BrowserRouter holds it in the browser (main.tsx) and
 * StaticRouter when a page is prerendered at build time (prerender.tsx), so both render the
 * same tree and the browser can hydrate the prerendered HTML.
 */
export function Shop() {
  return (
    <AuthProvider>
      <AppRoutes />
    </AuthProvider>
  );
}
