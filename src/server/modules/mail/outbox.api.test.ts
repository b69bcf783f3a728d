import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import { useApiTest } from '../../../../tests/support/api-test.ts';
import { claimDueMails, enqueueMail } from './outbox.repository.ts';
import { MAIL_LEASE_MS, sendDueMails } from './outbox.sender.ts';

// The mail outbox: written with the change, sent by the background sender, never lost and
// never doubled (docs/decisions/018-mail-outbox.md).
const t = useApiTest();

let counter = 0;
async function enqueue(to = `mail${(counter += 1)}-${Date.now()}@example.test`) {
  await enqueueMail(t.app.db, {
    to,
    subject: 'Hello',
    text: 'Plain words',
    html: '<p>Plain words</p>',
    kind: 'test',
  });
  const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return row!;
}
/**
 * A moment at which `rows` are due. The database stamps a new mail with its own clock in
 * microseconds; a JavaScript Date made in the same millisecond can fall before that stamp.
 */
const dueAt = (...rows: Array<{ nextAttemptAt: Date }>) =>
  new Date(Math.max(...rows.map((row) => row.nextAttemptAt.getTime())) + 1);
const outboxFiles = () => {
  try {
    return readdirSync(join(t.dataDir, 'outbox')).filter((name) => name.startsWith('outbox-'));
  } catch {
    return [];
  }
};
const recording = (fail = 0): Mailer & { sent: MailMessage[] } => {
  const sent: MailMessage[] = [];
  let failures = fail;
  return {
    sent,
    async send(message) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SMTP 421 try again later');
      }
      sent.push(message);
    },
  };
};

describe('the outbox sender', () => {
  it('sends a due mail once, as HTML and text, and marks it sent', async () => {
    const row = await enqueue();
    await sendDueMails({ db: t.app.db, mailer: t.app.mailer }, dueAt(row));
    const file = outboxFiles().find((name) => name === `outbox-${row.id}.eml`);
    expect(file).toBeDefined();
    const raw = readFileSync(join(t.dataDir, 'outbox', file!), 'utf8');
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    expect(raw).toContain(`Message-ID: <${row.id}@agritools.outbox>`);
    const [after] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after?.sentAt).toBeInstanceOf(Date);
    // Another round sends nothing again.
    const mailer = recording();
    await sendDueMails({ db: t.app.db, mailer }, new Date(Date.now() + 10 * MAIL_LEASE_MS));
    expect(mailer.sent.some((mail) => mail.id === String(row.id))).toBe(false);
  });

  it('retries a mail the server refused, later, until it goes', async () => {
    const row = await enqueue();
    const mailer = recording(1);
    await sendDueMails({ db: t.app.db, mailer }, dueAt(row));
    const [failed] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, lastError: 'SMTP 421 try again later' });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not retried before its time...
    await sendDueMails({ db: t.app.db, mailer });
    expect(mailer.sent.filter((mail) => mail.id === String(row.id))).toHaveLength(0);
    // ...and sent once it is due.
    await sendDueMails({ db: t.app.db, mailer }, new Date(failed!.nextAttemptAt.getTime() + 1));
    expect(mailer.sent.filter((mail) => mail.id === String(row.id))).toHaveLength(1);
  });

  it('hands a mail claimed by a sender that died to the next round after the lease, never to two at once', async () => {
    const row = await enqueue();
    // A sender claims it and dies before sending.
    const claimed = await claimDueMails(t.app.db, dueAt(row), 100, MAIL_LEASE_MS);
    expect(claimed.map((mail) => mail.id)).toContain(row.id);
    // While the lease runs, no other round takes it.
    const concurrent = recording();
    await sendDueMails({ db: t.app.db, mailer: concurrent });
    expect(concurrent.sent.some((mail) => mail.id === String(row.id))).toBe(false);
    // After the lease it goes, once.
    const next = recording();
    await sendDueMails({ db: t.app.db, mailer: next }, new Date(Date.now() + MAIL_LEASE_MS + 1000));
    expect(next.sent.filter((mail) => mail.id === String(row.id))).toHaveLength(1);
  });

  it('lets racing rounds send each mail exactly once', async () => {
    const rows = await Promise.all(Array.from({ length: 15 }, () => enqueue()));
    const mailer = recording();
    await Promise.all(
      Array.from({ length: 4 }, () => sendDueMails({ db: t.app.db, mailer }, dueAt(...rows))),
    );
    for (const row of rows) expect(mailer.sent.filter((mail) => mail.id === String(row.id))).toHaveLength(1);
  });

  it('writes the same file when a mail is sent again after a crash (no second copy)', async () => {
    const row = await enqueue();
    const message = { id: String(row.id), to: row.to, subject: row.subject, text: row.text, html: row.html };
    await t.app.mailer.send(message);
    await t.app.mailer.send(message);
    expect(outboxFiles().filter((name) => name === `outbox-${row.id}.eml`)).toHaveLength(1);
  });
});
