import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, postAuth, signUp, waitForMail } from '../support/identity.ts';
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
    const resetMail = await waitForMail(t.dataDir, person.email, '/reset-password/');
    const verifyMail = await waitForMail(t.dataDir, person.email, '/verify-email');
    const resetLink = new URL(linkIn(resetMail, '/reset-password/'));
    const verifyLink = new URL(linkIn(verifyMail, '/verify-email'));
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
    // One line per request, once answered, with its status and time.
    const resetPageLines = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.url === '/reset-password?token=[redacted]');
    expect(resetPageLines).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        method: 'GET',
        statusCode: expect.any(Number),
        ms: expect.any(Number),
      }),
    ]);
    expect(resetToken.length).toBeGreaterThan(10);
    expect(log).not.toContain(resetToken);
    expect(log).not.toContain(verifyToken);
  });
});

describe('with REQUEST_LOG=false', () => {
  const quietLines: string[] = [];
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp(
      { REQUEST_LOG: 'false' },
      { logDestination: { write: (line: string) => quietLines.push(line) } },
    );
  });
  afterAll(() => quiet.close());

  it("writes no line per request, and the shop's other lines as before", async () => {
    const person = await signUp(quiet.app);
    await waitForMail(quiet.dataDir, person.email, '/verify-email');
    const read = await quiet.app.inject({ method: 'GET', url: '/api/products' });
    expect(read.statusCode).toBe(200);

    const messages = quietLines.map((line) => (JSON.parse(line) as { msg?: string }).msg);
    expect(messages).toContain('mail written to outbox');
    expect(messages).not.toContain('request completed');
  });
});
