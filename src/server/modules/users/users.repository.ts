import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { Page } from '../../lib/listing.ts';
import { normalizeEmail } from '../../../shared/email.ts';
import type { ProfileUpdate, User } from '../../../shared/schemas/user.schema.ts';

type UserRow = typeof users.$inferSelect;

/** The spec's User (section 3) with its profile extras; never the row itself. */
export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    avatar: row.avatar,
    phone: row.phone,
    address: row.address,
    linkedIn: row.linkedIn,
    facebook: row.facebook,
  };
}

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ? toUserDto(row) : null;
}

/** Emails are stored lower-case by the identity layer. */
export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ? toUserDto(row) : null;
}

export async function updateSyncedFields(
  db: Db,
  id: string,
  fields: { name?: string; avatar: string; locale?: 'en' | 'bn' },
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function updateProfileFields(db: Db, id: string, fields: ProfileUpdate): Promise<void> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (fields.phone !== undefined) set.phone = fields.phone;
  if (fields.address !== undefined) set.address = fields.address;
  if (fields.linkedIn !== undefined) set.linkedIn = fields.linkedIn;
  if (fields.facebook !== undefined) set.facebook = fields.facebook;
  await db.update(users).set(set).where(eq(users.id, id));
}

export async function listUsers(db: Db, page: Page): Promise<User[]> {
  const rows = await db
    .select()
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.email))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toUserDto);
}

export async function setRole(db: Db, id: string, role: 'admin' | 'user'): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Returns how many rows changed: 0 when the user is unknown or already an admin. */
export async function promoteToAdmin(db: Db, email: string): Promise<number> {
  const changed = await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(eq(users.email, normalizeEmail(email)), ne(users.role, 'admin')))
    .returning({ id: users.id });
  return changed.length;
}

/** The user `userId`, only while its identity session `sessionId` lives (one query). */
export async function findAccountOfSession(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, avatar: users.avatar })
    .from(users)
    .innerJoin(
      sessions,
      and(eq(sessions.id, sessionId), eq(sessions.userId, users.id), gt(sessions.expiresAt, new Date())),
    )
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
