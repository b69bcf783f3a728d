import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { claimDueMails, markFailed, markSent } from './outbox.repository.ts';

// The background sender of the mail outbox (docs/decisions/018-mail-outbox.md).
// - Not lost: a mail is marked sent only after the transport accepted it; a sender that dies
//   mid-way leaves the row claimed, and the lease running out hands it to the next round.
// - Not doubled: the row id is the mail's Message-ID and its outbox file name, so the one
//   resend a crash between "accepted" and "marked sent" can cause replaces the file (and
//   carries the same Message-ID to an SMTP server).

/** How long a claimed mail is left alone before another round may take it again. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** After this many failed attempts a mail waits for a person (it stays in the table). */
export const MAIL_MAX_ATTEMPTS = 10;
const BATCH = 20;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min, ... up to 1 hour. */
export const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));

/** One round: claims due mails and sends them. Returns how many were sent. */
export async function sendDueMails(
  deps: { db: Db; mailer: Mailer; log?: FastifyBaseLogger },
  now = new Date(),
): Promise<number> {
  const due = await claimDueMails(deps.db, now, BATCH, MAIL_LEASE_MS);
  let sent = 0;
  for (const mail of due) {
    try {
      await deps.mailer.send({
        id: String(mail.id),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await markSent(deps.db, mail.id, new Date());
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        mail.attempts >= MAIL_MAX_ATTEMPTS
          ? new Date('9999-12-31T00:00:00Z')
          : new Date(Date.now() + retryDelayMs(mail.attempts));
      deps.log?.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, 'mail not sent; will retry');
      await markFailed(deps.db, mail.id, message, retryAt);
    }
  }
  return sent;
}

/** Runs rounds every `intervalMs` until stopped; a round never overlaps the previous one. */
export function startOutboxSender(
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger },
  intervalMs: number,
): { wake(): void; stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const round = () => {
    if (stopped || running) return;
    running = (async () => {
      try {
        // Keep going while full batches come back.
        while (!stopped && (await sendDueMails(deps)) >= BATCH);
      } catch (error) {
        if (!stopped) deps.log.error({ err: error }, 'mail outbox round failed');
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return {
    wake: () => setImmediate(round),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
