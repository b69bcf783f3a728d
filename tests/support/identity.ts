import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';

// Real identity sessions for API tests of the accounts layer: sign up and sign in
// through /api/auth with app.inject, keeping the session cookie like a browser would.

export const ORIGIN = 'http://localhost:3000';

export interface IdentitySession {
  email: string;
  password: string;
  name: string;
  userId: string;
  /** Cookie header carrying the Better Auth session. */
  cookie: string;
}

/** `name=value` pairs of every Set-Cookie in a response, as one Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

export function postAuth(
  app: FastifyInstance,
  path: string,
  payload: unknown,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...options.headers },
    payload: JSON.stringify(payload),
    remoteAddress: options.remoteAddress,
  });
}

let counter = 0;
const nextAddress = () => `10.9.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;

/** A client address no other call of this test file has used, so only per-account limits apply. */
export function freshAddress(): string {
  counter += 1;
  return nextAddress();
}

/** Signs a new person up (from their own address, so per-IP limits stay out of the way). */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; name: string }> = {},
): Promise<IdentitySession> {
  counter += 1;
  const email = overrides.email ?? `person${counter}-${Date.now()}@example.test`;
  const password = overrides.password ?? `password-${counter}-long`;
  const name = overrides.name ?? `Person ${counter}`;
  const response = await postAuth(
    app,
    '/sign-up/email',
    { email, password, name },
    { remoteAddress: nextAddress() },
  );
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ user: { id: string } }>();
  return { email, password, name, userId: body.user.id, cookie: cookieHeader(response) };
}

export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
): Promise<IdentitySession> {
  counter += 1;
  const response = await postAuth(app, '/sign-in/email', credentials, { remoteAddress: nextAddress() });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ user: { id: string; name: string } }>();
  return { ...credentials, name: body.user.name, userId: body.user.id, cookie: cookieHeader(response) };
}

/** PUT /api/user/{email} with the session cookie: the spec's sync that answers { token }. */
export function syncUser(
  app: FastifyInstance,
  session: { cookie?: string; email: string },
  payload: Record<string, unknown> = {},
  pathEmail = session.email,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(pathEmail)}`,
    headers: session.cookie ? { cookie: session.cookie } : {},
    payload: { email: session.email, ...payload },
  });
}

/** Every mail in the outbox addressed to `email`, oldest first, quoted-printable decoded. */
export function mailsTo(dataDir: string, email: string): string[] {
  const outbox = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .filter((raw) => raw.toLowerCase().includes(`to: ${email.toLowerCase()}`))
    .map((raw) =>
      raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** The first link in a mail that contains `fragment`. */
export function linkIn(mail: string, fragment: string): string {
  const link = mail.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in mail:\n${mail}`);
  return link;
}

/** Waits for the first mail to `email` that contains `fragment`, and answers it. */
export function waitForMail(dataDir: string, email: string, fragment: string): Promise<string> {
  return vi.waitFor(() => {
    const found = mailsTo(dataDir, email).find((mail) => mail.includes(fragment));
    expect(found, `a mail to ${email} with ${fragment}`).toBeDefined();
    return found!;
  });
}
