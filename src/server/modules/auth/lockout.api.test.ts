import { describe, expect, it, vi } from 'vitest';
import {
  cookieHeader,
  freshAddress,
  linkIn,
  mailsTo,
  postAuth,
  signIn,
  signUp,
  waitForMail,
} from '../../../../tests/support/identity.ts';
import { errorOf, useApiTest } from '../../../../tests/support/api-test.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';

// Nobody can lock anyone out (docs/decisions/010-nobody-can-lock-anyone-out.md): a guesser
// gets a handful of tries an hour at an account, but the owner's own browser, and the owner's
// reset mail, keep working whatever others send.

const t = useApiTest();

/** The device cookie a response set, as a Cookie header. */
function deviceCookieOf(response: { headers: Record<string, unknown> }): string {
  const cookie = cookieHeader(response as Parameters<typeof cookieHeader>[0])
    .split('; ')
    .find((pair) => pair.startsWith(`${DEVICE_COOKIE}=`));
  if (!cookie) throw new Error('no device cookie was set');
  return cookie;
}

/** Eleven wrong passwords at `email`, each from a new address: the guesser's burst. */
async function guessBurst(email: string, from?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i += 1)
    statuses.push(
      (
        await postAuth(
          t.app,
          '/sign-in/email',
          { email, password: `guess-number-${i}` },
          { remoteAddress: from ?? freshAddress() },
        )
      ).statusCode,
    );
  return statuses;
}

describe('sign-in attempts at one account', () => {
  it("lets the owner's own browser in after a guesser spent the account's attempts", async () => {
    const owner = await signUp(t.app);
    const first = await postAuth(t.app, '/sign-in/email', owner, { remoteAddress: freshAddress() });
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);

    expect((await guessBurst(owner.email)).at(-1)).toBe(429);

    const fromHome = await postAuth(t.app, '/sign-in/email', owner, {
      remoteAddress: freshAddress(),
      headers: { cookie: device },
    });
    expect(fromHome.statusCode).toBe(200);
    expect(cookieHeader(fromHome)).toMatch(/agritools\.session_token=/);
  });

  it('still refuses the guesser, even with a device cookie of another account', async () => {
    const victim = await signUp(t.app);
    const attacker = await signUp(t.app);
    const attackerDevice = deviceCookieOf(
      await postAuth(t.app, '/sign-in/email', attacker, { remoteAddress: freshAddress() }),
    );
    const statuses = await guessBurst(victim.email);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // A locked account answers 429 before the password is checked: no oracle for the guesser.
    const right = await postAuth(t.app, '/sign-in/email', victim, {
      remoteAddress: freshAddress(),
      headers: { cookie: attackerDevice },
    });
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).code).toBe('RATE_LIMITED');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("keeps the owner's device in when the guesser shares the owner's address", async () => {
    const owner = await signUp(t.app);
    const shared = freshAddress();
    const device = deviceCookieOf(await postAuth(t.app, '/sign-in/email', owner, { remoteAddress: shared }));
    // Enough from the shared address to spend both its per-address and the account's attempts.
    const statuses = await guessBurst(owner.email, shared);
    expect(statuses.at(-1)).toBe(429);
    const fromHome = await postAuth(t.app, '/sign-in/email', owner, {
      remoteAddress: shared,
      headers: { cookie: device },
    });
    expect(fromHome.statusCode).toBe(200);
  });

  it("counts the owner's own mistakes on their device, not against the account", async () => {
    const owner = await signUp(t.app);
    const device = deviceCookieOf(
      await postAuth(t.app, '/sign-in/email', owner, { remoteAddress: freshAddress() }),
    );
    const attempt = (password: string) =>
      postAuth(
        t.app,
        '/sign-in/email',
        { email: owner.email, password },
        { remoteAddress: freshAddress(), headers: { cookie: device } },
      );
    for (let i = 0; i < 10; i += 1) expect((await attempt('typo-in-password')).statusCode).toBe(401);
    expect((await attempt('typo-in-password')).statusCode).toBe(429);
    // The device spent its own attempts; a guess from anywhere else is still counted afresh.
    const elsewhere = await postAuth(
      t.app,
      '/sign-in/email',
      { email: owner.email, password: 'guesswork-1' },
      { remoteAddress: freshAddress() },
    );
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('password resets under attack', () => {
  const requestReset = (email: string, headers: Record<string, string> = {}) =>
    postAuth(
      t.app,
      '/request-password-reset',
      { email, redirectTo: '/reset-password' },
      { remoteAddress: freshAddress(), headers },
    );

  it("never blocks the owner's reset, and mails at most five links an hour", async () => {
    const owner = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await requestReset(owner.email)).statusCode);
    expect(statuses).toEqual(Array(7).fill(200));
    const resetMails = () =>
      mailsTo(t.dataDir, owner.email).filter((mail) => mail.includes('/reset-password/'));
    await vi.waitFor(() => expect(resetMails()).toHaveLength(5));

    // The owner follows the newest link in the mailbox, in a browser that never signed in.
    const link = new URL(linkIn(resetMails().at(-1)!, '/api/auth/reset-password/'));
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const token = new URL(opened.headers.location as string, 'http://localhost:3000').searchParams.get(
      'token',
    );
    const reset = await postAuth(
      t.app,
      '/reset-password',
      { token, newPassword: 'a-fresh-long-password' },
      { remoteAddress: freshAddress() },
    );
    expect(reset.statusCode).toBe(200);
    await signIn(t.app, { email: owner.email, password: 'a-fresh-long-password' });
  });

  it('marks the browser that reset the password as a device of the account', async () => {
    const owner = await signUp(t.app);
    await requestReset(owner.email);
    const mail = await waitForMail(t.dataDir, owner.email, '/reset-password/');
    const link = new URL(linkIn(mail, '/api/auth/reset-password/'));
    const token = link.pathname.split('/').at(-1);
    expect((await guessBurst(owner.email)).at(-1)).toBe(429);
    const reset = await postAuth(
      t.app,
      '/reset-password',
      { token, newPassword: 'after-the-attack-1' },
      { remoteAddress: freshAddress() },
    );
    expect(reset.statusCode).toBe(200);
    const signedIn = await postAuth(
      t.app,
      '/sign-in/email',
      { email: owner.email, password: 'after-the-attack-1' },
      { remoteAddress: freshAddress(), headers: { cookie: deviceCookieOf(reset) } },
    );
    expect(signedIn.statusCode).toBe(200);
  });
});
