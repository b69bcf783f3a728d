import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sessions, users } from '../../src/server/db/schema.ts';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: string;
  token: string;
  /** Authorization header for app.inject. */
  headers: { authorization: string };
}

let counter = 0;

/** An identity session row for `userId`, live for a day, as a sign-in would write it. */
export function liveSessionRow(userId: string, id = `s${randomBytes(8).toString('hex')}`) {
  return {
    id,
    token: randomBytes(16).toString('hex'),
    userId,
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  };
}

/**
 * Inserts a user row and signs an access token for it, the way PUT /api/user/{email}
 * would after the identity layer proved the email. For API tests of everything but identity.
 */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; name: string; role: 'admin' | 'user'; avatar: string }> = {},
): Promise<TestUser> {
  counter += 1;
  const id = `u${randomBytes(8).toString('hex')}`;
  const email = overrides.email ?? `customer${counter}-${id}@example.test`;
  const name = overrides.name ?? `Customer ${counter}`;
  const role = overrides.role ?? 'user';
  await app.db
    .insert(users)
    .values({ id, email, name, role, avatar: overrides.avatar ?? '/images/blank-avatar.svg' });
  // Tokens are bound to a live identity session (modules/users/account.ts): make one, as sign-in would.
  const session = liveSessionRow(id);
  await app.db.insert(sessions).values(session);
  const token = await app.accessTokens.sign({ userId: id, email, sessionId: session.id });
  return { id, email, name, role, token, headers: { authorization: `Bearer ${token}` } };
}

export const createAdmin = (app: FastifyInstance, overrides: Partial<{ email: string; name: string }> = {}) =>
  createUser(app, { ...overrides, role: 'admin', name: overrides.name ?? 'Admin' });

/** The four callers every API test checks: visitor, customer A, customer B, admin. */
export async function createCallers(app: FastifyInstance) {
  return {
    visitor: { headers: {} as Record<string, string> },
    customerA: await createUser(app, { name: 'Customer A' }),
    customerB: await createUser(app, { name: 'Customer B' }),
    admin: await createAdmin(app),
  };
}
