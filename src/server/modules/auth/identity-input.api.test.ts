import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { users } from '../../db/schema.ts';
import { errorOf, useApiTest } from '../../../../tests/support/api-test.ts';
import { freshAddress, postAuth, signIn, signUp, syncUser } from '../../../../tests/support/identity.ts';
import { DEMO_CUSTOMER, DEV_ADMIN } from './seed-accounts.ts';

// The identity endpoints take names, pictures and passwords by the shop's own rules: the same
// limits and error shape as PUT /api/user/{email}, and no password from the common list.

const t = useApiTest();

const from = () => ({ remoteAddress: freshAddress() });
let counter = 0;
const newEmail = () => {
  counter += 1;
  return `input-${counter}-${Date.now()}@example.test`;
};
const signUpWith = (fields: Record<string, unknown>) =>
  postAuth(
    t.app,
    '/sign-up/email',
    { email: newEmail(), password: 'a-long-password', name: 'Rahim', ...fields },
    from(),
  );
const updateUser = (cookie: string, fields: unknown) =>
  postAuth(t.app, '/update-user', fields, { ...from(), headers: { cookie } });

const longName = 'x'.repeat(60 * 1024);
const refusedNames: [string, unknown][] = [
  ['a 60 KB name', longName],
  ['a name that is not text', [1, { a: 2 }]],
  ['an empty name', ''],
  ['a blank name', '   '],
];

describe('POST /api/auth/sign-up/email', () => {
  it.each(refusedNames)('refuses %s in the error shape, creating no account', async (_what, name) => {
    const email = newEmail();
    const response = await postAuth(
      t.app,
      '/sign-up/email',
      { email, password: 'a-long-password', name },
      from(),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses a picture that is not an image address', async () => {
    const response = await signUpWith({ image: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toMatch(/^body\.image: /);
  });

  it('answers a too long name exactly as PUT /api/user/{email} does', async () => {
    const viaIdentity = errorOf(await signUpWith({ name: longName }));
    const person = await signUp(t.app);
    const viaSync = errorOf(await syncUser(t.app, person, { name: longName }));
    expect(viaIdentity).toEqual(viaSync);
  });

  it('keeps a trimmed name of up to 200 characters', async () => {
    const email = newEmail();
    const name = ` ${'Ñ'.repeat(200)} `;
    expect(
      (await postAuth(t.app, '/sign-up/email', { email, password: 'a-long-password', name }, from()))
        .statusCode,
    ).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row?.name).toBe('Ñ'.repeat(200));
  });
});

describe('POST /api/auth/update-user', () => {
  it.each([...refusedNames, ['no name at all (null)', null] as [string, unknown]])(
    'refuses %s with a 400, leaving the name as it was',
    async (_what, name) => {
      const person = await signUp(t.app, { name: 'Before' });
      const response = await updateUser(person.cookie, { name });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      const [row] = await t.app.db.select().from(users).where(eq(users.id, person.userId));
      expect(row?.name).toBe('Before');
    },
  );

  it('refuses a javascript: picture and takes an empty one as none', async () => {
    const person = await signUp(t.app);
    expect((await updateUser(person.cookie, { image: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await updateUser(person.cookie, { image: '/images/avatars/avatar-2.svg' })).statusCode).toBe(200);
    expect((await updateUser(person.cookie, { image: '' })).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, person.userId));
    expect(row?.image).toBeNull();
  });

  it('changes a good name', async () => {
    const person = await signUp(t.app);
    expect((await updateUser(person.cookie, { name: '  Karim Uddin ' })).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, person.userId));
    expect(row?.name).toBe('Karim Uddin');
  });

  it('refuses a visitor without a session', async () => {
    const response = await postAuth(t.app, '/update-user', { name: 'Nobody' }, from());
    expect(response.statusCode).toBe(401);
  });
});

describe('common passwords', () => {
  it.each(['12345678', 'password', 'Password1', 'iloveyou', 'qwertyuiop'])(
    'refuses %s on sign-up with a clear message',
    async (password) => {
      const email = newEmail();
      const response = await postAuth(t.app, '/sign-up/email', { email, password, name: 'Rahim' }, from());
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: messages.commonPassword,
      });
      expect(await t.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    },
  );

  it('refuses a common password as the new one on reset, before the token is spent', async () => {
    const response = await postAuth(
      t.app,
      '/reset-password',
      { token: 'any-token', newPassword: 'baseball1' },
      from(),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(messages.commonPassword);
  });

  it('accepts the documented demo passwords and a plain long one', async () => {
    for (const password of [DEV_ADMIN.password, DEMO_CUSTOMER.password, 'tractor-in-the-rain']) {
      const email = newEmail();
      const response = await postAuth(t.app, '/sign-up/email', { email, password, name: 'Rahim' }, from());
      expect(response.statusCode).toBe(200);
      await signIn(t.app, { email, password });
    }
  });
});
