import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityOptions {
  /** Serve HSTS and upgrade-insecure-requests only when the public URL is HTTPS. */
  https: boolean;
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  // helmet's middleware, built once. @fastify/helmet rebuilt it from the options on every
  // request, which halved the throughput of the hottest routes (bench/api.bench.ts).
  const applySecurityHeaders = helmet({
    // The SPA is served from this origin and ships no inline script; images may be
    // product URLs entered by admins, so img-src allows https and data:.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // same-origin would cut the Google sign-in popup off from its opener, which then never
    // hears that the sign-in finished.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: options.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
});
