import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../shared/constants.ts';

// The spec's access token (section 3: kept under localStorage `accessToken`, sent as Bearer).
// It is issued only by PUT /api/user/{email} for the email the identity session proves,
// carries the user id, email and identity session id, and expires within 24 h (docs/decisions/001-identity-and-access-tokens.md).
// The API accepts it only while that session lives, so signing out or resetting the
// password (which ends every session) revokes it at once (modules/users/account.ts).
const ISSUER = 'agritools';
const AUDIENCE = 'agritools-api';

export interface AccessTokenClaims {
  userId: string;
  email: string;
  /** The Better Auth session that proved the email when the token was issued. */
  sessionId: string;
}

/** How many verified tokens are remembered; past that the memory starts again (bounded, cheap). */
const VERIFIED_CAP = 10_000;

/**
 * `now` is the clock the expiry is judged by (tests move it). Verified tokens are remembered
 * with their expiry: a customer sends the same token with every request, and checking its
 * signature each time (an HMAC through WebCrypto) was a tenth of an order list's CPU. Whether
 * the token still counts (its session lives, its email is the account's) is read afresh on
 * every request (modules/users/account.ts); only the signature check is saved.
 */
export function createAccessTokens(secret: string, now: () => number = () => Date.now()) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  return {
    async sign(claims: AccessTokenClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ email: claims.email, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    /** Returns the claims, or null for anything not signed by us, expired or malformed. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > now()) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          // jose checks exp only when present; a token without one would never expire.
          requiredClaims: ['exp', 'iat'],
          currentDate: new Date(now()),
        });
        const { sub, email, sid, exp } = payload;
        if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return null;
        const claims = { userId: sub, email, sessionId: sid };
        if (verified.size >= VERIFIED_CAP) verified.clear();
        verified.set(token, { claims, expiresAt: exp! * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
