import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../../src/server/plugins/response-headers.ts';
import { createProduct } from '../factories/products.ts';
import { useApiTest } from '../support/api-test.ts';
import { postAuth, signUp, syncUser } from '../support/identity.ts';

// Personal answers are never kept by a browser or proxy cache, every answer carries the
// Permissions-Policy, and an access token must say when it expires.

const t = useApiTest();

describe('Cache-Control: no-store', () => {
  it('is on every API answer a signed-in caller gets', async () => {
    const { customerA, admin } = t.callers;
    const product = await createProduct(t.app);
    const email = encodeURIComponent(customerA.email);
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/user?email=${email}`, headers: customerA.headers }),
      t.app.inject({ method: 'GET', url: `/api/order?email=${email}`, headers: customerA.headers }),
      t.app.inject({ method: 'GET', url: `/api/admin/${email}`, headers: customerA.headers }),
      t.app.inject({ method: 'GET', url: '/api/users', headers: admin.headers }),
      t.app.inject({ method: 'GET', url: '/api/orders', headers: admin.headers }),
      t.app.inject({
        method: 'PUT',
        url: `/api/user/profile/${customerA.id}`,
        headers: customerA.headers,
        payload: { phone: '01712345678' },
      }),
      t.app.inject({ method: 'GET', url: `/api/product/${product._id}`, headers: customerA.headers }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('is on the token answer of PUT /api/user/{email} and on every identity answer', async () => {
    const person = await signUp(t.app);
    const sync = await syncUser(t.app, person);
    expect(sync.statusCode).toBe(200);
    expect(sync.headers['cache-control']).toBe('no-store');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: person.cookie },
    });
    expect(session.json()).toMatchObject({ user: { email: person.email } });
    expect(session.headers['cache-control']).toBe('no-store');
    const signIn = await postAuth(t.app, '/sign-in/email', person, { remoteAddress: '10.62.0.1' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/user?email=a@b.test' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('Permissions-Policy', () => {
  it('switches off the browser features the shop never uses, on pages and API answers', async () => {
    for (const url of ['/', '/login', '/api/products', '/api/health']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
  });
});

describe('access tokens', () => {
  it('refuses a correctly signed token that has no expiry', async () => {
    const { customerA } = t.callers;
    const [, payload] = customerA.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string };
    const forever = await new SignJWT({ email: customerA.email, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(customerA.id)
      .setIssuer('agritools')
      .setAudience('agritools-api')
      .setIssuedAt()
      .sign(new TextEncoder().encode(t.app.authSecret));
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(customerA.email)}`,
      headers: { authorization: `Bearer ${forever}` },
    });
    expect(answer.statusCode).toBe(401);
    // The same claims with an expiry are accepted: only the missing exp is refused.
    const dated = await t.app.accessTokens.sign({
      userId: customerA.id,
      email: customerA.email,
      sessionId: claims.sid,
    });
    const accepted = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(customerA.email)}`,
      headers: { authorization: `Bearer ${dated}` },
    });
    expect(accepted.statusCode).toBe(200);
  });
});
