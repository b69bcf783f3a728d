import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

// The mail outbox (docs/decisions/018-mail-outbox.md): a mail is a row written in the same
// transaction as the change it tells of, so it exists exactly when the change does. The
// sender claims due rows with a lease, sends them and marks them sent.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** `db` may be a transaction: that is the point. */
export async function enqueueMail(db: Pick<Db, 'insert'>, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

/**
 * Claims up to `limit` due mails: their next attempt moves `leaseMs` ahead and their attempt
 * count up, in one statement, so another sender (another instance, or this one after a
 * restart) cannot take them until the lease runs out. `FOR UPDATE SKIP LOCKED` lets several
 * senders claim different rows at once.
 */
export async function claimDueMails(db: Db, now: Date, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const claimed = rowsOf<{ id: string | number }>(
    await db.execute(sql`
    update ${mailOutbox}
    set next_attempt_at = ${new Date(now.getTime() + leaseMs)}, attempts = attempts + 1
    where id in (
      select id from ${mailOutbox}
      where sent_at is null and next_attempt_at <= ${now}
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id`),
  );
  const ids = claimed.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(mailOutbox.id));
  return rows;
}

export async function markSent(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: at, lastError: null })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

export async function markFailed(db: Db, id: number, error: string, retryAt: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 500), nextAttemptAt: retryAt })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

/** Mails not yet sent whose next attempt is due by `now` (for tests and health). */
export async function countUnsent(db: Db, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)));
  return row?.n ?? 0;
}
