import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../shared/constants.ts';

// The spec's access token (section 3: kept under localStorage `accessToken`, sent as Bearer).
// It is issued only by PUT /api/user/{email} for the email the identity session proves,
// carries the user id and email, and expires within 24 h (design.md).
const ISSUER = 'agritools';
const AUDIENCE = 'agritools-api';

export interface AccessTokenClaims {
  userId: string;
  email: string;
}

export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessTokenClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
      return new SignJWT({ email: claims.email })
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
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return { userId: payload.sub, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
