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

export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessTokenClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
      return new SignJWT({ email: claims.email, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** Returns the claims, or null for anything not signed by us, expired or malformed. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          // jose checks exp only when present; a token without one would never expire.
          requiredClaims: ['exp', 'iat'],
        });
        const { sub, email, sid } = payload;
        if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return null;
        return { userId: sub, email, sessionId: sid };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
