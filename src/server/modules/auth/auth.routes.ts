import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { codeForStatus, errorBody } from '../../plugins/errors.ts';
import { CLIENT_IP_HEADER, HOP_BY_HOP, toWebHeaders } from './identity.ts';
import { createRateLimitStore, type RateLimitRule } from './rate-limit.repository.ts';

/**
 * Per-account limits (design.md "Rate limits"), on top of Better Auth's per-IP rules:
 * a burst of guesses at one account from many addresses still gets 429. A successful
 * sign-in clears the count, so only failures add up for the real owner.
 */
const PER_ACCOUNT: Record<string, RateLimitRule & { clearOnSuccess: boolean }> = {
  '/sign-in/email': { window: 15 * 60, max: 10, clearOnSuccess: true },
  '/sign-up/email': { window: 15 * 60, max: 5, clearOnSuccess: false },
  '/request-password-reset': { window: 15 * 60, max: 5, clearOnSuccess: false },
  // Else anyone could flood an unverified address with verification mail from many IPs.
  '/send-verification-email': { window: 15 * 60, max: 5, clearOnSuccess: false },
};

/**
 * The email a body names, read as Better Auth will read it: TextDecoder drops a leading
 * byte-order mark as request.json() does, and media types are compared case-insensitively.
 * Reading it differently would let a crafted body skip the per-account limit.
 */
function emailFromBody(body: Buffer | undefined, contentType: string | undefined): string | null {
  if (!body?.length) return null;
  try {
    const text = new TextDecoder().decode(body);
    const value = contentType?.toLowerCase().includes('application/x-www-form-urlencoded')
      ? new URLSearchParams(text).get('email')
      : (JSON.parse(text) as { email?: unknown }).email;
    return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

/** PostgreSQL text cannot hold NUL; json-body.ts refuses it elsewhere, this scope keeps raw bytes. */
function holdsNul(body: Buffer | undefined): boolean {
  return !!body && (body.includes(0) || /\\u0000/i.test(body.toString('latin1')));
}

/** Better Auth's error bodies ({message, code}, or none) in the design's one error shape. */
async function asErrorBody(response: Response) {
  let message = response.statusText || 'Request failed';
  let reason: string | undefined;
  try {
    const data = (await response.json()) as { message?: unknown; code?: unknown };
    if (typeof data.message === 'string' && data.message) message = data.message;
    if (typeof data.code === 'string') reason = data.code;
  } catch {
    // No body, or not JSON: keep the status text.
  }
  const code = codeForStatus(response.status);
  if (response.status >= 500) return errorBody(code, 'Internal server error');
  return errorBody(code, message, reason ? { reason } : undefined);
}

/**
 * Mounts Better Auth at /api/auth inside Fastify: Fastify has already
 * read the body, so the catch-all route hands Better Auth a web Request built from the raw
 * bytes and copies the Response back, each Set-Cookie separately.
 */
export async function authRoutes(app: FastifyInstance) {
  const { identity } = app;
  const rateLimits = createRateLimitStore(app.db);

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, app.publicUrl);
    const path = url.pathname.slice(url.pathname.indexOf('/auth/') + '/auth'.length);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body as Buffer);

    if (holdsNul(body)) throw new AppError('VALIDATION_FAILED', 'Text must not contain NUL characters');

    const rule = request.method === 'POST' ? PER_ACCOUNT[path] : undefined;
    const email = rule ? emailFromBody(body, request.headers['content-type']) : null;
    // Every limited call names an account; one whose email cannot be read is refused here
    // rather than passed on without its per-account count.
    if (rule && !email) throw new AppError('VALIDATION_FAILED', 'email: a valid email is required');
    const accountKey = rule && email ? `account:${path}:${email}` : null;
    if (rule && accountKey) {
      const decision = await rateLimits.consume(accountKey, rule);
      if (!decision.allowed) {
        reply.header('retry-after', String(decision.retryAfter));
        throw new AppError(
          'RATE_LIMITED',
          `Too many attempts for this account. Try again in ${Math.ceil((decision.retryAfter ?? rule.window) / 60)} minutes.`,
        );
      }
    }

    const headers = toWebHeaders(request.headers);
    // Better Auth keys its per-IP limits on this header; only we may set it.
    headers.set(CLIENT_IP_HEADER, request.ip);
    const response = await identity.handler(
      new Request(url, {
        method: request.method,
        headers,
        body: body?.length ? new Uint8Array(body) : undefined,
      }),
    );

    if (rule?.clearOnSuccess && accountKey && response.ok) await rateLimits.clear(accountKey);

    reply.status(response.status);
    if (!response.ok && response.status >= 400) {
      // Better Auth sends 429 with X-Retry-After; clients and proxies read Retry-After.
      const retryAfter = response.headers.get('x-retry-after') ?? response.headers.get('retry-after');
      if (retryAfter) reply.header('retry-after', retryAfter);
      if (response.status >= 500) request.log.error({ status: response.status, path }, 'identity error');
      return reply.send(await asErrorBody(response));
    }
    response.headers.forEach((value, name) => {
      if (name === 'set-cookie' || HOP_BY_HOP.has(name) || name === 'content-encoding') return;
      reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const payload = Buffer.from(await response.arrayBuffer());
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
