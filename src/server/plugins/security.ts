import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { startScriptsSource } from '../../shared/start-scripts.ts';

export interface SecurityOptions {
  /** Serve HSTS and upgrade-insecure-requests only when the public URL is HTTPS. */
  https: boolean;
  /** Where uploaded pictures are read from when that is not this site (S3_PUBLIC_URL's origin). */
  imageOrigins?: string[];
}

/**
 * The security headers, worked out once: helmet's middleware run against a stand-in response
 * that records what it sets. Nothing in these options depends on the request (no nonces), so
 * every answer gets the same headers; running the middleware on every request cost the
 * hottest routes a sixth of their throughput (bench/api.bench.ts, docs/decisions/015).
 */
export function securityHeaders(options: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  securityMiddleware(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      finished = true;
    },
  );
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

function securityMiddleware(options: SecurityOptions) {
  return helmet({
    // The SPA is served from this origin and ships one inline script (its start); images may be
    // product URLs entered by admins, so img-src allows https and data:.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // The inline script that starts the app after the first paint, by its hash, and no other.
        scriptSrc: ["'self'", startScriptsSource()],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', ...(options.imageOrigins ?? [])],
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
}
