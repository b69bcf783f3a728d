import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { codeForStatus, errorBody } from '../../plugins/errors.ts';
import { createDeviceCookies } from './device-cookie.ts';
import { identityCall } from './identity-calls.ts';
import { CLIENT_IP_HEADER, HOP_BY_HOP, MIN_PASSWORD_LENGTH, toWebHeaders } from './identity.ts';
import { checkIdentityInput, emailOf, readFields } from './identity-input.ts';
import { createRateLimitStore, type RateLimitRule } from './rate-limit.repository.ts';
import { messages } from '../../../shared/messages.ts';

/**
 * Per-account limits (docs/decisions/010-nobody-can-lock-anyone-out.md), on top of Better Auth's per-IP rules, so that a
 * burst at one account from many addresses still gets 429. docs/decisions/010-nobody-can-lock-anyone-out.md.
 *
 * Sign-in attempts count per account, and separately per device cookie (device-cookie.ts): a
 * guesser without the owner's device gets ten tries an hour at an account, while the owner's
 * own browser keeps its own count and is never locked out by them. A success clears the count
 * it was charged to.
 */
const SIGN_IN_ATTEMPTS: RateLimitRule = { window: 60 * 60, max: 10 };
/**
 * Reset mails per account (or per device of the account) an hour. Past that the request is
 * answered as usual but no further mail is sent: the mails already sent hold working links,
 * so nobody can keep the owner from resetting by asking first.
 */
const RESET_MAILS: RateLimitRule = { window: 60 * 60, max: 5 };
const PER_ACCOUNT: Record<string, RateLimitRule> = {
  '/sign-up/email': { window: 15 * 60, max: 5 },
  // Else anyone could flood an unverified address with verification mail from many IPs.
  '/send-verification-email': { window: 15 * 60, max: 5 },
};
/** Calls that name an account in their body; one without a readable email is refused. */
const NAMES_ACCOUNT = new Set(['/sign-in/email', '/request-password-reset', ...Object.keys(PER_ACCOUNT)]);

/** Better Auth's own answer to a reset request, whether or not the account exists. */
const RESET_REQUESTED = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

/**
 * The address Better Auth's per-IP limits see for a request from one of the account's devices:
 * a unique-local IPv6 network of its own (Better Auth counts IPv6 per /64 and would pool any
 * value that is not an address into one shared count).
 */
function deviceAddress(device: string): string {
  const hex = createHash('sha256').update(device).digest('hex');
  return `fd${hex.slice(0, 2)}:${hex.slice(2, 6)}:${hex.slice(6, 10)}:${hex.slice(10, 14)}::1`;
}

const tooManyAttempts = (retryAfter: number) =>
  new AppError(
    'RATE_LIMITED',
    `Too many attempts for this account. Try again in ${Math.ceil(retryAfter / 60)} minutes, ` +
      'sign in on a device you have used before, or reset your password.',
  );

/** PostgreSQL text cannot hold NUL; json-body.ts refuses it elsewhere, this scope keeps raw bytes. */
function holdsNul(body: Buffer | undefined): boolean {
  return !!body && (body.includes(0) || /\\u0000/i.test(body.toString('latin1')));
}

/** Better Auth's error bodies ({message, code}, or none) in the design's one error shape. */
function asErrorBody(response: Response, payload: Buffer) {
  let message = response.statusText || 'Request failed';
  let reason: string | undefined;
  try {
    const data = JSON.parse(payload.toString()) as { message?: unknown; code?: unknown };
    if (typeof data.message === 'string' && data.message) message = data.message;
    if (typeof data.code === 'string') reason = data.code;
  } catch {
    // No body, or not JSON: keep the status text.
  }
  const code = codeForStatus(response.status);
  if (response.status >= 500) return errorBody(code, messages.internalError);
  return errorBody(code, message, reason ? { reason } : undefined);
}

/**
 * Mounts Better Auth at /api/auth inside Fastify: Fastify has already read the body, so the
 * catch-all route hands Better Auth a web Request built from the raw bytes (checked and counted
 * first) and copies the Response back, each Set-Cookie separately.
 */
export async function authRoutes(app: FastifyInstance) {
  const { identity } = app;
  const rateLimits = createRateLimitStore(app.db);
  const devices = createDeviceCookies(app.authSecret, app.publicUrl.startsWith('https://'));

  /** Counts one call against `key`; throws 429 when the rule is spent. */
  async function charge(reply: FastifyReply, key: string, rule: RateLimitRule) {
    const decision = await rateLimits.consume(key, rule);
    if (decision.allowed) return;
    reply.header('retry-after', String(decision.retryAfter));
    throw tooManyAttempts(decision.retryAfter ?? rule.window);
  }

  /** The email of the account a reset token belongs to (read before Better Auth spends it). */
  async function resetTokenOwner(token: unknown): Promise<string | null> {
    if (typeof token !== 'string' || !token) return null;
    return identityCall(async () => {
      const context = await identity.$context;
      const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      if (!verification || verification.expiresAt < new Date()) return null;
      const user = await context.internalAdapter.findUserById(verification.value);
      return user?.email.toLowerCase() ?? null;
    });
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, app.publicUrl);
    const path = url.pathname.slice(url.pathname.indexOf('/auth/') + '/auth'.length);
    const post = request.method === 'POST';
    let body = post ? (request.body as Buffer | undefined) : undefined;

    if (holdsNul(body)) throw new AppError('VALIDATION_FAILED', 'Text must not contain NUL characters');

    const fields = post ? readFields(body, request.headers['content-type']) : null;
    const email = emailOf(fields);
    // Every limited call names an account; one whose email cannot be read is refused here
    // rather than passed on without its per-account count.
    if (post && NAMES_ACCOUNT.has(path) && !email)
      throw new AppError('VALIDATION_FAILED', 'email: a valid email is required');
    const rewritten = post ? await checkIdentityInput(path, fields, MIN_PASSWORD_LENGTH) : null;
    if (rewritten) body = Buffer.from(JSON.stringify(rewritten));

    // A device cookie counts only for the account it was issued to.
    const device = email ? await devices.deviceFor(request.headers.cookie, email) : null;
    let signInKey: string | null = null;
    if (post && path === '/sign-in/email') {
      signInKey = device ? `sign-in:device:${device}` : `sign-in:account:${email}`;
      await charge(reply, signInKey, SIGN_IN_ATTEMPTS);
    } else if (post && path === '/request-password-reset') {
      const key = device ? `reset:device:${device}` : `reset:account:${email}`;
      if (!(await rateLimits.consume(key, RESET_MAILS)).allowed) return reply.send(RESET_REQUESTED);
    } else if (post && PER_ACCOUNT[path]) {
      await charge(reply, `account:${path}:${email}`, PER_ACCOUNT[path]);
    }
    const resetOwner = post && path === '/reset-password' ? await resetTokenOwner(fields?.token) : null;

    const headers = toWebHeaders(request.headers);
    if (rewritten) headers.set('content-type', 'application/json');
    // Better Auth keys its per-IP limits on this header; only we may set it. The owner's own
    // device gets a count of its own, so a guesser behind the same address cannot spend it.
    headers.set(CLIENT_IP_HEADER, device ? deviceAddress(device) : request.ip);
    const { response, payload } = await identityCall(async () => {
      const answer = await identity.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: body?.length ? new Uint8Array(body) : undefined,
        }),
      );
      return { response: answer, payload: Buffer.from(await answer.arrayBuffer()) };
    });

    if (signInKey && response.ok) await rateLimits.clear(signInKey);

    reply.status(response.status);
    if (!response.ok && response.status >= 400) {
      // Better Auth sends 429 with X-Retry-After; clients and proxies read Retry-After.
      const retryAfter = response.headers.get('x-retry-after') ?? response.headers.get('retry-after');
      if (retryAfter) reply.header('retry-after', retryAfter);
      if (response.status >= 500) request.log.error({ status: response.status, path }, 'identity error');
      return reply.send(asErrorBody(response, payload));
    }
    response.headers.forEach((value, name) => {
      // Identity answers stay no-store (plugins/response-headers.ts), whatever Better Auth says.
      if (name === 'set-cookie' || name === 'cache-control' || HOP_BY_HOP.has(name)) return;
      if (name === 'content-encoding') return;
      reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    // This browser just proved it belongs to the account: mark it as one of its devices.
    const owner = path === '/sign-in/email' || path === '/sign-up/email' ? email : resetOwner;
    if (post && owner) cookies.push(await devices.issue(owner, device));
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(payload.length > 0 ? payload : undefined);
  }

  // Keep every body as raw bytes: Better Auth parses them itself. Registered with a prefix
  // (/auth), this plugin's own scope keeps the parsers of the rest of the API as they are.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, payload, done) => {
    done(null, payload);
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    schema: { hide: true },
    handler: handle,
  });
}
