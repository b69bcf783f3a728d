import { ACCESS_TOKEN_KEY } from '../../shared/constants.ts';

// The shop's access token (spec section 4: stored under access-token, sent as Bearer by
// api-client.ts). Issued by PUT /api/user/{email} for one identity session (docs/decisions/001).

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string | null): void {
  if (token) localStorage.setItem(ACCESS_TOKEN_KEY, token);
  else localStorage.removeItem(ACCESS_TOKEN_KEY);
}

/**
 * True when the stored access token was issued for this very identity session and account
 * and has more than a minute left. Read, not verified: the server verifies it on every call
 * and accepts it only while that session lives (src/server/lib/access-token.ts).
 */
export function tokenFitsSession(token: string, session: { sessionId?: string; email: string }): boolean {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sid?: unknown;
      email?: unknown;
      exp?: unknown;
    };
    return (
      !!session.sessionId &&
      claims.sid === session.sessionId &&
      typeof claims.email === 'string' &&
      claims.email.toLowerCase() === session.email.toLowerCase() &&
      typeof claims.exp === 'number' &&
      claims.exp * 1000 > Date.now() + 60_000
    );
  } catch {
    return false;
  }
}
