import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt } from 'drizzle-orm';
import { sessions, users } from '../db/schema.ts';
import { AppError, forbidden, unauthenticated } from '../lib/app-error.ts';

/** Who is calling, as proven by the Bearer access token and read fresh from the database. */
export interface Account {
  id: string;
  email: string;
  name: string;
  role: string;
  avatar: string;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolves the Bearer token once per request; null for visitors. */
    account(): Promise<Account | null>;
  }
}

const accountCache = new WeakMap<FastifyRequest, Promise<Account | null>>();

async function resolveAccount(app: FastifyInstance, request: FastifyRequest): Promise<Account | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Malformed Authorization header');
  const claims = await app.accessTokens.verify(match[1]);
  if (!claims) throw new AppError('UNAUTHENTICATED', 'Invalid or expired access token');
  // One query: the user, and only while the identity session the token came from lives.
  const [row] = await app.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      avatar: users.avatar,
    })
    .from(users)
    .innerJoin(
      sessions,
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, users.id),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .where(eq(users.id, claims.userId))
    .limit(1);
  // A token for a deleted user, an ended session, or an email changed since proves nothing.
  if (!row || row.email !== claims.email)
    throw new AppError('UNAUTHENTICATED', 'Invalid or expired access token');
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    avatar: row.avatar,
    isAdmin: row.role === 'admin',
  };
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('account', function (this: FastifyRequest) {
    let pending = accountCache.get(this);
    if (!pending) {
      pending = resolveAccount(app, this);
      accountCache.set(this, pending);
    }
    return pending;
  });
});

/** 401 unless a valid access token is presented. */
export async function requireAccount(request: FastifyRequest): Promise<Account> {
  const account = await request.account();
  if (!account) throw unauthenticated();
  return account;
}

/** 401 for visitors, 403 for signed-in non-admins. */
export async function requireAdmin(request: FastifyRequest): Promise<Account> {
  const account = await requireAccount(request);
  if (!account.isAdmin) throw forbidden('Administrators only');
  return account;
}

/**
 * The same checks as onRequest hooks. Routes authorise on request, before parameters and body
 * are validated, so a visitor gets 401 and a customer 403 whatever they send.
 */
export async function signedInOnly(request: FastifyRequest): Promise<void> {
  await requireAccount(request);
}

export async function adminOnly(request: FastifyRequest): Promise<void> {
  await requireAdmin(request);
}
