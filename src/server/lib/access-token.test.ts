import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-token.ts';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';
const claims = { userId: 'user-1', email: 'farmer@example.com', sessionId: 'session-1' };

function clock(start = Date.UTC(2026, 10, 25, 6)) {
  let at = start;
  return { now: () => at, move: (seconds: number) => void (at += seconds * 1000) };
}

describe('access tokens', () => {
  it('verifies its own token, again and again, until it expires', async () => {
    const time = clock();
    const tokens = createAccessTokens(SECRET, time.now);
    const token = await tokens.sign(claims, 60);
    expect(await tokens.verify(token)).toEqual(claims);
    time.move(59);
    // Remembered: the second answer must come from the same rules as the first.
    expect(await tokens.verify(token)).toEqual(claims);
    time.move(2);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses an expired token it never saw before', async () => {
    const time = clock();
    const tokens = createAccessTokens(SECRET, time.now);
    const token = await tokens.sign(claims, 60);
    time.move(61);
    expect(await createAccessTokens(SECRET, time.now).verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret, one altered, and one without an expiry', async () => {
    const time = clock();
    const tokens = createAccessTokens(SECRET, time.now);
    const foreign = await createAccessTokens('another-secret-another-secret-0123456789', time.now).sign(
      claims,
    );
    expect(await tokens.verify(foreign)).toBeNull();
    const token = await tokens.sign(claims);
    const [header, , signature] = token.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({
        email: 'admin@example.com',
        sid: 'session-1',
        sub: 'user-1',
        iss: 'agritools',
        aud: 'agritools-api',
        iat: 1,
        exp: 9_999_999_999,
      }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${forgedBody}.${signature}`)).toBeNull();
    const endless = await new SignJWT({ email: claims.email, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer('agritools')
      .setAudience('agritools-api')
      .setIssuedAt()
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(endless)).toBeNull();
    // A good token still passes after the refusals.
    expect(await tokens.verify(token)).toEqual(claims);
  });
});
