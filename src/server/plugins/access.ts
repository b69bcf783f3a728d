import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../lib/app-error.ts';
import { accountFromAuthorization, type Account } from '../modules/users/account.ts';
import { messages } from '../../shared/messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolves the Bearer token once per request; null for visitors. */
    account(): Promise<Account | null>;
  }
}

const accountCache = new WeakMap<FastifyRequest, Promise<Account | null>>();

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('account', function (this: FastifyRequest) {
    let pending = accountCache.get(this);
    if (!pending) {
      pending = accountFromAuthorization(app, this.headers.authorization);
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
  if (!account.isAdmin) throw forbidden(messages.administratorsOnly);
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
