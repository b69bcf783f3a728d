import { identityRequest } from '../../../lib/identity-client.ts';

// The identity calls of spec section 7 ("made by the identity layer"): Better Auth's own
// endpoints under /api/auth (docs/decisions/001-identity-and-access-tokens.md), called with plain fetch.

export function signInWithEmail(input: { email: string; password: string }) {
  return identityRequest<{ user: { email: string } }>('/sign-in/email', input);
}

/** Creates the account with its display name; the server mails the verification link. */
export function signUpWithEmail(input: { name: string; email: string; password: string }) {
  return identityRequest<{ user: { email: string } }>('/sign-up/email', input);
}

/** Mails a reset link that leads to `redirectTo?token=...` (our reset-password page). */
export function requestPasswordReset(input: { email: string; redirectTo: string }) {
  return identityRequest<{ status: boolean }>('/request-password-reset', input);
}

export function resetPassword(input: { token: string; newPassword: string }) {
  return identityRequest<{ status: boolean }>('/reset-password', input);
}

/**
 * Starts Google sign-in without redirecting this page: the answer is the provider's
 * authorisation URL, opened in the popup. Both outcomes come back to `callbackURL`.
 */
export function startGoogleSignIn(callbackURL: string) {
  return identityRequest<{ url: string }>('/sign-in/social', {
    provider: 'google',
    callbackURL,
    errorCallbackURL: callbackURL,
    newUserCallbackURL: callbackURL,
    disableRedirect: true,
  });
}
