import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { linkIn, mailsTo, postAuth, signUp } from '../support/identity.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Reset and verification tokens never reach the logs: not in request lines, not in the
// outbox mailer's line, not from the identity layer.

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logDestination: { write: (line: string) => lines.push(line) } });
});
afterAll(() => t.close());

describe('logs', () => {
  it('never hold a reset or verification token, wherever the line comes from', async () => {
    const person = await signUp(t.app);
    const requested = await postAuth(
      t.app,
      '/request-password-reset',
      { email: person.email, redirectTo: '/reset-password' },
      { remoteAddress: '10.63.0.1' },
    );
    expect(requested.statusCode).toBe(200);
    const mails = await vi.waitFor(() => {
      const all = mailsTo(t.dataDir, person.email);
      expect(all.some((mail) => mail.includes('/reset-password/'))).toBe(true);
      return all;
    });
    const resetLink = new URL(
      linkIn(
        mails.find((m) => m.includes('/reset-password/'))!,
        '/reset-password/',
      ),
    );
    const verifyLink = new URL(
      linkIn(
        mails.find((m) => m.includes('/verify-email'))!,
        '/verify-email',
      ),
    );
    const resetToken = resetLink.pathname.split('/').at(-1)!;
    const verifyToken = verifyLink.searchParams.get('token')!;

    // A person follows both links and lands on the reset page, as a browser would.
    const opened = await t.app.inject({ method: 'GET', url: `${resetLink.pathname}${resetLink.search}` });
    expect(opened.statusCode).toBe(302);
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    await t.app.inject({ method: 'GET', url: `${verifyLink.pathname}${verifyLink.search}` });

    const log = lines.join('');
    // The log is there (the requests and the mails are in it), the tokens are not.
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).toContain('token=[redacted]');
    expect(log).toContain('mail written to outbox');
    expect(resetToken.length).toBeGreaterThan(10);
    expect(log).not.toContain(resetToken);
    expect(log).not.toContain(verifyToken);
  });
});
