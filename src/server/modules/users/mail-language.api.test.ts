import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { bnMessages } from '../../../shared/messages.bn.ts';
import { users } from '../../db/schema.ts';
import { useApiTest } from '../../../../tests/support/api-test.ts';
import { cookieHeader, freshAddress, postAuth, syncUser } from '../../../../tests/support/identity.ts';

// Customers get their mails in the language they use (docs/decisions/024): the web app keeps a
// `lang` cookie; PUT /api/user/{email} stores it as the customer's last language.

/** Subject and text of every mail to `email` (MIME decoded, UTF-8), oldest first. */
function mailsTo(dataDir: string, email: string): { subject: string; text: string }[] {
  let files: string[] = [];
  try {
    files = readdirSync(join(dataDir, 'outbox')).sort();
  } catch {
    return [];
  }
  return files
    .map((name) => readFileSync(join(dataDir, 'outbox', name), 'utf8'))
    .filter((raw) => raw.toLowerCase().includes(`to: ${email.toLowerCase()}`))
    .map((raw) => {
      const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      const subjectLine = head.match(/^Subject: ([\s\S]*?)\n(?=\S)/m)?.[1] ?? '';
      // Encoded words (RFC 2047); the space between two of them is not part of the text.
      const subject = subjectLine
        .replace(/\?=\s+=\?/g, '?==?')
        .replace(/=\?UTF-8\?([BQ])\?(.*?)\?=/gi, (_, kind: string, data: string) =>
          kind.toUpperCase() === 'B'
            ? Buffer.from(data, 'base64').toString('utf8')
            : qp(data.replaceAll('_', ' ')),
        )
        .trim();
      const encoding = head.match(/Content-Transfer-Encoding: (\S+)/i)?.[1]?.toLowerCase();
      const text =
        encoding === 'base64'
          ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? qp(body.replace(/=\r?\n/g, ''))
            : body;
      return { subject, text };
    });
}
const qp = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const waitForMails = (dataDir: string, email: string, count: number) =>
  vi.waitFor(() => {
    const found = mailsTo(dataDir, email);
    expect(found.length).toBeGreaterThanOrEqual(count);
    return found;
  });

let counter = 0;
const person = () => {
  counter += 1;
  return {
    name: `Karim ${counter}`,
    email: `karim${counter}-${Date.now()}@example.test`,
    password: 'a-long-password-1',
  };
};

describe('mails in the customer’s language', () => {
  const t = useApiTest();

  it('sends the verification mail in Bengali to someone who signs up on a Bengali page', async () => {
    const customer = person();
    const response = await postAuth(t.app, '/sign-up/email', customer, {
      remoteAddress: freshAddress(),
      headers: { cookie: 'lang=bn' },
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await waitForMails(t.dataDir, customer.email, 1);
    expect(mail!.subject).toBe(bnMessages.mailVerifySubject);
    expect(mail!.text).toContain('আপনার ইমেইল ঠিকানা নিশ্চিত করুন');
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
  });

  it('keeps English for everyone else', async () => {
    const customer = person();
    await postAuth(t.app, '/sign-up/email', customer, { remoteAddress: freshAddress() });
    const [mail] = await waitForMails(t.dataDir, customer.email, 1);
    expect(mail!.subject).toBe(messages.mailVerifySubject);
    expect(mail!.text).toContain('Please confirm your email address');
  });

  it('remembers the last language at sign-in and mails the password reset in it', async () => {
    const customer = person();
    const signedUp = await postAuth(t.app, '/sign-up/email', customer, { remoteAddress: freshAddress() });
    const session = { email: customer.email, cookie: `${cookieHeader(signedUp)}; lang=bn` };
    expect((await syncUser(t.app, session)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, customer.email));
    expect(row?.locale).toBe('bn');

    // Asked for from a device without the cookie: the stored language decides.
    const reset = await postAuth(
      t.app,
      '/request-password-reset',
      { email: customer.email, redirectTo: '/bn/reset-password' },
      { remoteAddress: freshAddress() },
    );
    expect(reset.statusCode).toBe(200);
    const mails = await waitForMails(t.dataDir, customer.email, 2);
    const resetMail = mails.find((mail) => mail.subject === bnMessages.mailResetSubject);
    expect(resetMail?.text).toContain('এক ঘণ্টার মধ্যে এই লিংকটি খুলুন');
    expect(resetMail?.text).toContain('/api/auth/reset-password/');

    // Back to English on the next sign-in sync.
    await syncUser(t.app, { email: customer.email, cookie: `${cookieHeader(signedUp)}; lang=en` });
    const [after] = await t.app.db.select().from(users).where(eq(users.email, customer.email));
    expect(after?.locale).toBe('en');
  });
});
