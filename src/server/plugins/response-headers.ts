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
 * Headers every answer gets, set once here so a new route cannot forget them, in one hook
 * (each hook on every request costs the hottest reads, bench/api.bench.ts):
 * - the security headers (security.ts), worked out once at start;
 * - Permissions-Policy on everything;
 * - `Cache-Control: no-store` on every API answer (profiles, orders, tokens, identity
 *   sessions are personal; no proxy or shared browser may keep them). A route that serves
 *   something public and cacheable may set its own Cache-Control.
 */
export const responseHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const headers = { ...securityHeaders(options), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
});
