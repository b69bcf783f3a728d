import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '../../../shared/errors.ts';
import { accounts, users } from '../../db/schema.ts';
import { useApiTest } from '../../../../tests/support/api-test.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import {
  cookieHeader,
  linkIn,
  mailsTo,
  postAuth,
  signIn,
  signUp,
  syncUser,
  waitForMail,
} from '../../../../tests/support/identity.ts';
import type { Env } from '../../config/env.ts';
import { createIdentity } from './identity.ts';
import { createRateLimitStore } from './rate-limit.repository.ts';
import { DEMO_CUSTOMER, DEV_ADMIN, seedAccounts } from './seed-accounts.ts';

/** Runs the start-up seeding again against a running app, as a restart would. */
function seedAgain(t: TestApp, env: Env) {
  const { app } = t;
  const identity = createIdentity({
    db: app.db,
    env,
    secret: app.authSecret,
    publicUrl: app.publicUrl,
    mailer: app.mailer,
    rateLimits: createRateLimitStore(app.db),
    log: app.log,
  });
  return seedAccounts({ identity, db: app.db, env, log: app.log, demoCustomer: false });
}

// The identity layer under /api/auth: Better Auth with our
// per-account limit, mail through the outbox, and the first admin.

const wrongPassword = { password: 'definitely-wrong' };

describe('the identity layer', () => {
  const t = useApiTest();

  it('signs a person up with their display name, hashed password and a session cookie', async () => {
    const response = await postAuth(
      t.app,
      '/sign-up/email',
      { name: 'Rahim', email: 'Rahim@Example.test', password: 'a-long-password' },
      { remoteAddress: '10.1.0.1' },
    );
    expect(response.statusCode).toBe(200);
    expect(cookieHeader(response)).toMatch(/^agritools\.session_token=/);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 'rahim@example.test'));
    expect(row).toMatchObject({ name: 'Rahim', role: 'user', emailVerified: false });
    const [account] = await t.app.db.select().from(accounts).where(eq(accounts.userId, row!.id));
    expect(account?.password).toBeTruthy();
    expect(account?.password).not.toContain('a-long-password');
  });

  it('never lets sign-up set a role', async () => {
    const response = await postAuth(
      t.app,
      '/sign-up/email',
      { name: 'Mallory', email: 'mallory@example.test', password: 'a-long-password', role: 'admin' },
      { remoteAddress: '10.1.0.2' },
    );
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 'mallory@example.test'));
    // Either refused outright or created as a plain user; never an admin.
    if (response.statusCode === 200) expect(row?.role).toBe('user');
    else expect(row).toBeUndefined();
  });

  it('mails a verification link on sign-up that verifies the address', async () => {
    const person = await signUp(t.app);
    await vi.waitFor(() => expect(mailsTo(t.dataDir, person.email)).toHaveLength(1));
    const link = linkIn(mailsTo(t.dataDir, person.email)[0]!, '/api/auth/verify-email');
    expect(link.startsWith('http://localhost:3000/api/auth/verify-email?token=')).toBe(true);
    const url = new URL(link);
    const response = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(response.statusCode).toBeLessThan(400);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, person.userId));
    expect(row?.emailVerified).toBe(true);
    // Whoever opened the link is not signed in by it (login CSRF: an attacker could mail the
    // link of their own account to a victim).
    expect(cookieHeader(response)).not.toMatch(/session_token=/);
  });

  it('mails no text the person wrote, only the shop’s own words and the link', async () => {
    const name = 'Your account is blocked, call +880 1700 000000 http://evil.example';
    const person = await signUp(t.app, { name });
    const mail = await waitForMail(t.dataDir, person.email, '/api/auth/verify-email?token=');
    expect(mail).not.toContain('evil.example');
    expect(mail).not.toContain('blocked');
  });

  it('refuses a second sign-up with the same email', async () => {
    const person = await signUp(t.app);
    const again = await postAuth(
      t.app,
      '/sign-up/email',
      { name: 'Copy', email: person.email, password: 'another-long-password' },
      { remoteAddress: '10.1.0.3' },
    );
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
  });

  it('signs in with the right password and refuses a wrong one with a usable message', async () => {
    const person = await signUp(t.app);
    const wrong = await postAuth(t.app, '/sign-in/email', { email: person.email, ...wrongPassword });
    expect(wrong.statusCode).toBe(401);
    // Better Auth's message, in the design's one error shape.
    expect(wrong.json()).toMatchObject({
      error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password' },
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const right = await signIn(t.app, person);
    expect(right.cookie).toMatch(/agritools\.session_token=/);
    expect((await syncUser(t.app, right)).statusCode).toBe(200);
  });

  it('ends the session on sign-out', async () => {
    const person = await signUp(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: person.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expect((await syncUser(t.app, person)).statusCode).toBe(401);
  });

  it('revokes the access token when its session ends', async () => {
    const person = await signUp(t.app);
    const { token } = (await syncUser(t.app, person)).json<{ token: string }>();
    const profile = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/user?email=${encodeURIComponent(person.email)}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await profile()).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: person.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{}',
    });
    // Still unexpired and correctly signed, but its session is gone.
    expect((await profile()).statusCode).toBe(401);
  });

  it('resets a password through the mailed link', async () => {
    const person = await signUp(t.app);
    const request = await postAuth(
      t.app,
      '/request-password-reset',
      { email: person.email, redirectTo: '/reset-password' },
      { remoteAddress: '10.1.0.4' },
    );
    expect(request.statusCode).toBe(200);
    const mail = await waitForMail(t.dataDir, person.email, '/reset-password/');
    expect(mail).not.toContain(person.password);
    const link = new URL(linkIn(mail, '/api/auth/reset-password/'));
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location as string, 'http://localhost:3000');
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await postAuth(
      t.app,
      '/reset-password',
      { token, newPassword: 'the-new-password' },
      { remoteAddress: '10.1.0.4' },
    );
    expect(reset.statusCode).toBe(200);
    const old = await postAuth(t.app, '/sign-in/email', { email: person.email, password: person.password });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, { email: person.email, password: 'the-new-password' });
    // The old session was revoked with the reset.
    expect((await syncUser(t.app, person)).statusCode).toBe(401);
  });

  it('answers a reset request for an unknown email the same way, without mail', async () => {
    const response = await postAuth(
      t.app,
      '/request-password-reset',
      { email: 'ghost@example.test', redirectTo: '/reset-password' },
      { remoteAddress: '10.1.0.5' },
    );
    expect(response.statusCode).toBe(200);
    expect(mailsTo(t.dataDir, 'ghost@example.test')).toEqual([]);
  });

  it('offers no Google sign-in when it is not configured', async () => {
    const response = await postAuth(t.app, '/sign-in/social', {
      provider: 'google',
      callbackURL: '/auth/popup',
      disableRedirect: true,
    });
    expect(response.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth-config' })).json()).toEqual({
      google: false,
    });
  });
});

describe('sign-in rate limits', () => {
  const t = useApiTest();

  it('answers 429 to a burst of wrong passwords at one account, from any number of addresses', async () => {
    const victim = await signUp(t.app);
    const other = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await postAuth(
        t.app,
        '/sign-in/email',
        { email: victim.email, ...wrongPassword },
        { remoteAddress: `10.2.0.${i + 1}` },
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(errorBodySchema.parse(response.json()).error.code).toBe('RATE_LIMITED');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Locked: even the right password waits now.
    const right = await postAuth(t.app, '/sign-in/email', victim, { remoteAddress: '10.2.1.1' });
    expect(right.statusCode).toBe(429);
    // Another account is unaffected.
    await signIn(t.app, other);
  });

  it('forgets earlier failures once the owner signs in', async () => {
    const person = await signUp(t.app);
    const attempt = (password: string, n: number) =>
      postAuth(t.app, '/sign-in/email', { email: person.email, password }, { remoteAddress: `10.3.0.${n}` });
    for (let i = 0; i < 9; i += 1) expect((await attempt('wrong-password', i + 1)).statusCode).toBe(401);
    expect((await attempt(person.password, 20)).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1) expect((await attempt('wrong-password', i + 30)).statusCode).toBe(401);
  });

  it('answers 429 to a burst of sign-ins from one address, whatever the accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await postAuth(
        t.app,
        '/sign-in/email',
        { email: `guess${i}@example.test`, ...wrongPassword },
        // A client-chosen IP header must not give a fresh bucket.
        {
          remoteAddress: '10.4.0.1',
          headers: { 'x-agritools-client-ip': `192.0.2.${i}`, 'x-forwarded-for': `198.51.100.${i}` },
        },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Another address is unaffected.
    const elsewhere = await postAuth(
      t.app,
      '/sign-in/email',
      { email: 'guess@example.test', ...wrongPassword },
      { remoteAddress: '10.4.0.2' },
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits password-reset mail per account', async () => {
    const person = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await postAuth(
        t.app,
        '/request-password-reset',
        { email: person.email, redirectTo: '/reset-password' },
        { remoteAddress: `10.5.0.${i + 1}` },
      );
      statuses.push(response.statusCode);
    }
    // The sixth is answered as usual (nobody can keep the owner from resetting by asking
    // first), but sends no sixth mail: the five already sent hold working links.
    expect(statuses).toEqual(Array(6).fill(200));
    await vi.waitFor(() =>
      expect(
        mailsTo(t.dataDir, person.email).filter((mail) => mail.includes('/reset-password/')),
      ).toHaveLength(5),
    );
  });
});

describe('the first admin and the demo customer', () => {
  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, idempotently', async () => {
    const t = await createTestApp({ ADMIN_EMAIL: 'Boss@Example.test', ADMIN_PASSWORD: 'boss-password-1' });
    try {
      const session = await signIn(t.app, { email: 'boss@example.test', password: 'boss-password-1' });
      const { token } = (await syncUser(t.app, session)).json<{ token: string }>();
      const users = await t.app.inject({
        method: 'GET',
        url: '/api/users',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(users.statusCode).toBe(200);
      // A second start changes nothing and duplicates nothing.
      await seedAgain(t, t.app.env);
      const rows = await t.app.db.select().from(accounts).where(eq(accounts.userId, session.userId));
      expect(rows).toHaveLength(1);
      await signIn(t.app, { email: 'boss@example.test', password: 'boss-password-1' });
    } finally {
      await t.close();
    }
  });

  it('promotes an existing account named by ADMIN_EMAIL once its email is verified', async () => {
    const t = await createTestApp({ NODE_ENV: 'production' });
    try {
      const person = await signUp(t.app);
      await t.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, person.userId));
      await seedAgain(t, { ...t.app.env, ADMIN_EMAIL: person.email });
      const [row] = await t.app.db.select().from(users).where(eq(users.id, person.userId));
      expect(row?.role).toBe('admin');
    } finally {
      await t.close();
    }
  });

  it('does not promote an unverified account that squats the ADMIN_EMAIL address', async () => {
    const t = await createTestApp({ NODE_ENV: 'production' });
    try {
      const squatter = await signUp(t.app);
      await seedAgain(t, {
        ...t.app.env,
        ADMIN_EMAIL: squatter.email,
        ADMIN_PASSWORD: 'operator-passphrase',
      });
      const [row] = await t.app.db.select().from(users).where(eq(users.id, squatter.userId));
      expect(row?.role).not.toBe('admin');
    } finally {
      await t.close();
    }
  });

  it('seeds no admin in production without ADMIN_EMAIL', async () => {
    const t = await createTestApp({ NODE_ENV: 'production' });
    try {
      const rows = await t.app.db.select().from(users);
      expect(rows).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('uses the documented development logins outside production', async () => {
    const t = await createTestApp({ NODE_ENV: 'development', SEED_DEMO: 'true' });
    try {
      const admin = await signIn(t.app, DEV_ADMIN);
      const customer = await signIn(t.app, DEMO_CUSTOMER);
      const roles = await t.app.db.select({ id: users.id, role: users.role }).from(users);
      expect(roles).toEqual(
        expect.arrayContaining([
          { id: admin.userId, role: 'admin' },
          { id: customer.userId, role: 'user' },
        ]),
      );
    } finally {
      await t.close();
    }
  });
});

/**
 * Whether async hooks are on in this process: while they are, Node marks every new promise with
 * its async ids (before Node 24, where no `AsyncLocalStorage` needs them, they never are).
 */
async function asyncHooksOn(): Promise<boolean> {
  // A hook switched off takes effect from the next turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  return Object.getOwnPropertySymbols(Promise.resolve()).length > 0;
}

describe('identity calls and the rest of the shop', () => {
  const t = useApiTest();

  it('run side by side, each in its own context, and leave no async hooks on for the requests after them', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => signUp(t.app)));
    const sessions = await Promise.all(
      people.flatMap((person) => [
        signIn(t.app, person),
        t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: person.cookie } }),
        syncUser(t.app, person),
      ]),
    );
    people.forEach((person, index) => {
      const [signedIn, session, synced] = sessions.slice(index * 3, index * 3 + 3) as [
        Awaited<ReturnType<typeof signIn>>,
        Awaited<ReturnType<TestApp['app']['inject']>>,
        Awaited<ReturnType<typeof syncUser>>,
      ];
      expect(signedIn.userId).toBe(person.userId);
      expect(session.json<{ user: { email: string } }>().user.email).toBe(person.email);
      expect(synced.statusCode).toBe(200);
    });
    expect(await asyncHooksOn()).toBe(false);
  });
});
