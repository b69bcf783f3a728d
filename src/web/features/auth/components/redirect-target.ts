import { useNavigationState } from '../../../lib/navigation.tsx';
import { paths, type LoginState } from '../../../../shared/paths.ts';

/** What the login page was told by the guards (location state), if anything. */
export function useLoginState(): LoginState {
  return useNavigationState<LoginState>() ?? {};
}

/** Where RequireAuth found the visitor (location.state.from), else '/' (spec section 2). */
export function useRedirectTarget(): string {
  const { from } = useLoginState();
  if (!from?.pathname || !from.pathname.startsWith('/')) return paths.root;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
