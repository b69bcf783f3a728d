import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { securityHeaders, type SecurityOptions } from './security.ts';

/**
 * Browser features the shop never uses, switched off for every page and for anything a page
 * might embed. (Payment is left to the checkout's own pages.)
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), ' +
  'magnetometer=(), microphone=(), midi=(), usb=(), xr-spatial-tracking=()';

/**
 * The headers every answer gets, and those every API answer gets: the security headers
 * (security.ts), worked out once at start; Permissions-Policy on everything; and
 * `Cache-Control: no-store` on every API answer (profiles, orders, tokens, identity sessions are
 * personal; no proxy or shared browser may keep them). A route that serves something public and
 * cacheable may set its own Cache-Control. The cached-read server (lib/cached-read-server.ts)
 * sends the API's set too.
 */
export function answerHeaders(options: SecurityOptions) {
  const everyAnswer = { ...securityHeaders(options), 'permissions-policy': PERMISSIONS_POLICY };
  return { everyAnswer, apiAnswer: { ...everyAnswer, 'cache-control': 'no-store' } };
}

/**
 * Sets `answerHeaders` on every answer, so a new route cannot forget them, in one hook (each
 * hook on every request costs the hottest reads, bench/api.bench.ts).
 */
export const responseHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const { everyAnswer, apiAnswer } = answerHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiAnswer : everyAnswer);
    done();
  });
});
