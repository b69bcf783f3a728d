import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { dictionaryFor, localeOfCookie } from '../../lib/locale.ts';
import type { RateLimitStore } from './rate-limit.repository.ts';
import { identityCall } from './identity-calls.ts';
import type { Messages } from '../../../shared/i18n/dictionary.ts';

/**
 * An identity mail (reset, verification) in the language the request came in, else the one the
 * customer last used (docs/decisions/024-mail-language.md). It quotes only the shop's words and
 * the link (docs/decisions/012).
 */
function identityMail(
  mailer: Mailer,
  compose: (words: Messages, url: string) => { subject: string; text: string },
) {
  return async ({ user, url }: { user: { email: string }; url: string }, request?: Request) => {
    const stored = (user as { locale?: unknown }).locale === 'bn' ? 'bn' : 'en';
    const words = dictionaryFor(localeOfCookie(request?.headers.get('cookie')) ?? stored);
    await mailer.send({ to: user.email, ...compose(words, url) });
  };
}

/**
 * The identity layer: Better Auth under /api/auth proves who someone is with an httpOnly
 * session cookie. The spec's calls use the short-lived Bearer token that PUT /api/user/{email}
 * issues from that session (docs/decisions/001-identity-and-access-tokens.md).
 */

/** Set by auth.routes.ts from Fastify's request.ip, replacing whatever the client sent. */
export const CLIENT_IP_HEADER = 'x-agritools-client-ip';
export const GOOGLE_PROVIDER_ID = 'google';
export const IDENTITY_BASE_PATH = '/api/auth';
export const MIN_PASSWORD_LENGTH = 8;

export interface IdentityOptions {
  db: Db;
  env: Env;
  secret: string;
  /** The public origin, e.g. http://localhost:3000. */
  publicUrl: string;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  log: FastifyBaseLogger;
}

// The mails quote nothing a person typed (not even the display name): sign-up mails any
// address, so user-written text there would let anyone send their words from the shop's own
// mail server next to a genuine link. Their words come from the dictionary of the language
// the customer is using (the request's `lang` cookie) or last used (docs/decisions/024).

export function createIdentity(options: IdentityOptions) {
  const { env, mailer } = options;
  // Strict per-IP limits on guessable or mail-sending endpoints (docs/decisions/010-nobody-can-lock-anyone-out.md);
  // the per-account limits live in auth.routes.ts.
  const perIp = { window: 60, max: env.AUTH_RATE_LIMIT_MAX };
  const googleConfigured = !!env.GOOGLE_CLIENT_ID;
  return betterAuth({
    appName: 'AgriTools',
    baseURL: options.publicUrl,
    basePath: IDENTITY_BASE_PATH,
    secret: options.secret,
    // `npm run dev` serves the SPA from Vite on :5173 and proxies /api here.
    trustedOrigins:
      env.NODE_ENV === 'development' ? [options.publicUrl, 'http://localhost:5173'] : [options.publicUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    user: {
      additionalFields: {
        // Never settable through the identity endpoints: sign-up with {role:'admin'} gets 'user'.
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        // The language last used, kept by PUT /api/user/{email}; read here for the mails.
        locale: { type: 'string', required: false, defaultValue: 'en', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Spec section 2: sign-up goes straight home signed in; the mail is sent all the same.
      requireEmailVerification: false,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: identityMail(mailer, (words, url) => ({
        subject: words.mailResetSubject,
        text: words.mailResetText(url),
      })),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Opening the link verifies the address and signs nobody in: an attacker could otherwise
      // mail the link of their own account to a victim, whose browser would then act in the
      // attacker's account (login CSRF). Sign-up itself already signs the new customer in.
      autoSignInAfterVerification: false,
      sendVerificationEmail: identityMail(mailer, (words, url) => ({
        subject: words.mailVerifySubject,
        text: words.mailVerifyText(url),
      })),
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 600,
      customStorage: options.rateLimits,
      customRules: {
        '/sign-in/*': perIp,
        '/sign-up/*': perIp,
        '/request-password-reset': perIp,
        '/reset-password': perIp,
        '/send-verification-email': perIp,
        // Every page load asks for the session; the API-wide limit covers it.
        '/get-session': false,
      },
    },
    advanced: {
      cookiePrefix: 'agritools',
      useSecureCookies: options.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: 'warn',
      // Better Auth logs messages and errors, never request bodies, so no password gets here.
      log(level, message, ...args) {
        const err = args.find((arg): arg is Error => arg instanceof Error);
        const target = level === 'debug' ? 'debug' : level === 'info' ? 'info' : level;
        options.log[target]({ err, scope: 'identity' }, message);
      },
    },
    plugins: googleConfigured
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                name: 'Google',
                clientId: env.GOOGLE_CLIENT_ID ?? '',
                clientSecret: env.GOOGLE_CLIENT_SECRET,
                discoveryUrl: `${env.GOOGLE_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}
export type Identity = ReturnType<typeof createIdentity>;

/** Who the identity session (Better Auth cookie) proves the caller to be. */
export interface IdentityUser {
  id: string;
  email: string;
  sessionId: string;
}

export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
]);

/** Node's IncomingHttpHeaders as web Headers, for Better Auth. */
export function toWebHeaders(source: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  return headers;
}

/** The account the identity session cookie in `headers` proves, or null. */
export async function identityUserOf(
  identity: Identity,
  headers: FastifyRequest['headers'],
): Promise<IdentityUser | null> {
  const session = await identityCall(() => identity.api.getSession({ headers: toWebHeaders(headers) }));
  return session ? { id: session.user.id, email: session.user.email, sessionId: session.session.id } : null;
}
