import { useLocation } from 'react-router';
import { paths } from '../../../lib/paths.ts';

interface FromState {
  from?: { pathname?: string; search?: string; hash?: string };
}

/** Where RequireAuth found the visitor (location.state.from), else '/' (spec section 2). */
export function useRedirectTarget(): string {
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  if (!from?.pathname || !from.pathname.startsWith('/')) return paths.root;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
