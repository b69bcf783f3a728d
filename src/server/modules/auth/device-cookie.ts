import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser in
 * which someone proved they own an account (signed in, signed up, or reset the password from
 * the mail) keeps a signed cookie naming that account. Sign-in attempts carrying it are
 * counted per device, so the owner's browser is never locked out by someone else's failures.
 * docs/decisions/010-nobody-can-lock-anyone-out.md.
 */
export const DEVICE_COOKIE = 'agritools.device';
const AUDIENCE = 'agritools-device';
const ISSUER = 'agritools';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function createDeviceCookies(secret: string, secure: boolean) {
  const key = new TextEncoder().encode(secret);
  return {
    /** The device id of a valid device cookie for `email` in this Cookie header, else null. */
    async deviceFor(cookieHeader: string | undefined, email: string): Promise<string | null> {
      const token = readCookie(cookieHeader, DEVICE_COOKIE);
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, key, {
          audience: AUDIENCE,
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'jti', 'sub'],
        });
        return payload.sub === email && typeof payload.jti === 'string' ? payload.jti : null;
      } catch {
        return null;
      }
    },
    /** A Set-Cookie value marking this browser as a device of `email` (keeping its id if it has one). */
    async issue(email: string, deviceId: string | null): Promise<string> {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(email)
        .setJti(deviceId ?? randomUUID())
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${MAX_AGE_SECONDS}s`)
        .sign(key);
      return [
        `${DEVICE_COOKIE}=${token}`,
        'Path=/api/auth',
        `Max-Age=${MAX_AGE_SECONDS}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}
