import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/shared/errors.ts';
import { freshAddress, ORIGIN, postAuth, signUp } from '../support/identity.ts';
import { useApiTest } from '../support/api-test.ts';

// What the security review of /api/auth found: bodies that Better Auth
// reads but our per-account limiter did not, NUL characters, and errors outside the shape.

const t = useApiTest();

/** A raw POST to /api/auth, from its own address so only per-account limits can apply. */
const rawAuth = (path: string, payload: string | Buffer, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: { 'content-type': contentType, origin: ORIGIN },
    payload,
    remoteAddress: freshAddress(),
  });

describe('per-account sign-in limit', () => {
  it('counts guesses whose JSON starts with a byte-order mark', async () => {
    const person = await signUp(t.app);
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify({ email: person.email, password: 'wrong-password' })),
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await rawAuth('/sign-in/email', body)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('counts guesses sent as a form with an upper-case media type', async () => {
    const person = await signUp(t.app);
    const form = new URLSearchParams({ email: person.email, password: 'wrong-password' }).toString();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await rawAuth('/sign-in/email', form, 'Application/X-WWW-Form-Urlencoded')).statusCode);
    expect(statuses[10]).toBe(429);
  });

  it('refuses a limited call whose email cannot be read, in the error shape', async () => {
    const response = await rawAuth('/sign-in/email', '{"password":"x"}');
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('limits sign-up attempts for one address', async () => {
    const email = `sign-up-burst-${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        (
          await rawAuth(
            '/sign-up/email',
            JSON.stringify({ email, password: `password-${i}-long`, name: 'Burst' }),
          )
        ).statusCode,
      );
    expect(statuses[5]).toBe(429);
  });
});

describe('identity answers', () => {
  it('answers a NUL character in a sign-up with 400, not a database error', async () => {
    const response = await rawAuth(
      '/sign-up/email',
      JSON.stringify({
        email: `nul-${Date.now()}@example.test`,
        password: 'password-long',
        name: 'a\u0000b',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('answers a wrong password with 401 in the error shape, keeping the message', async () => {
    const person = await signUp(t.app);
    const response = await postAuth(
      t.app,
      '/sign-in/email',
      { email: person.email, password: 'not-the-password' },
      { remoteAddress: freshAddress() },
    );
    expect(response.statusCode).toBe(401);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe('UNAUTHENTICATED');
    expect(body.error.message).toMatch(/invalid email or password/i);
  });

  it('answers an unknown identity path with the JSON 404 shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/no-such-endpoint' });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('NOT_FOUND');
  });
});
