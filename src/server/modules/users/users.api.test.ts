import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AVATAR_URL } from '../../../shared/constants.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { userListSchema } from '../../../shared/schemas/user.schema.ts';
import { users } from '../../db/schema.ts';
import { createUser } from '../../../../tests/factories/users.ts';
import { signUp, syncUser } from '../../../../tests/support/identity.ts';
import { useApiTest } from '../../../../tests/support/api-test.ts';

// The user calls of spec section 7, for the four callers of every API test: visitor,
// customer A, customer B and admin. Each rule is asserted so that the
// test fails if the check were removed.

const t = useApiTest();

const roleOf = async (id: string) =>
  (await t.app.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

describe('PUT /api/user/{email}', () => {
  it('issues a token only when the identity session proves that email', async () => {
    const ann = await signUp(t.app, { name: 'Ann' });
    const response = await syncUser(t.app, ann, { name: 'Ann Grower' });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    const claims = await t.app.accessTokens.verify(token);
    expect(claims).toEqual({ userId: ann.userId, email: ann.email, sessionId: expect.any(String) });

    const check = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${ann.email}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.json()).toEqual({ admin: false });
  });

  it('answers 401 to a visitor without a session, even naming a real email', async () => {
    const ann = await signUp(t.app);
    const response = await syncUser(t.app, { email: ann.email });
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('UNAUTHENTICATED');
  });

  it('does not accept a Bearer token instead of the identity session', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${t.callers.customerA.email}`,
      headers: t.callers.customerA.headers,
      payload: { email: t.callers.customerA.email },
    });
    expect(response.statusCode).toBe(401);
  });

  it("answers 403 when a customer's session asks for another user's email", async () => {
    const ann = await signUp(t.app);
    const bob = await signUp(t.app);
    const response = await syncUser(t.app, ann, { email: bob.email, name: 'Hijacked' }, bob.email);
    expect(response.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, bob.userId));
    expect(row?.name).toBe(bob.name);
  });

  it("answers 403 to an admin's session asking for someone else's token", async () => {
    const admin = await signUp(t.app);
    await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    const ann = await signUp(t.app);
    const response = await syncUser(t.app, admin, { email: ann.email }, ann.email);
    expect(response.statusCode).toBe(403);
  });

  it('ignores a forged role and another email in the body', async () => {
    const ann = await signUp(t.app);
    const bob = await signUp(t.app);
    const response = await syncUser(t.app, ann, { email: bob.email, role: 'admin', name: 'Ann' });
    expect(response.statusCode).toBe(200);
    const claims = await t.app.accessTokens.verify(response.json<{ token: string }>().token);
    expect(claims?.email).toBe(ann.email);
    expect(await roleOf(ann.userId)).toBe('user');
    const [bobRow] = await t.app.db.select().from(users).where(eq(users.id, bob.userId));
    expect(bobRow?.name).toBe(bob.name);
  });

  it('stores name and avatar, and the blank avatar when none is given', async () => {
    const ann = await signUp(t.app);
    await syncUser(t.app, ann, { name: 'Ann Farmer' });
    let [row] = await t.app.db.select().from(users).where(eq(users.id, ann.userId));
    expect(row).toMatchObject({ name: 'Ann Farmer', avatar: DEFAULT_AVATAR_URL });

    await syncUser(t.app, ann, { avatar: 'https://images.example.test/ann.png' });
    [row] = await t.app.db.select().from(users).where(eq(users.id, ann.userId));
    expect(row).toMatchObject({ name: 'Ann Farmer', avatar: 'https://images.example.test/ann.png' });
  });

  it('takes an empty avatar as none: the default picture, not a 400', async () => {
    const ann = await signUp(t.app);
    await syncUser(t.app, ann, { avatar: '/images/avatars/avatar-2.svg' });
    const response = await syncUser(t.app, ann, { avatar: '' });
    expect(response.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, ann.userId));
    expect(row?.avatar).toBe(DEFAULT_AVATAR_URL);
  });

  it('rejects an avatar that is not an image address', async () => {
    const ann = await signUp(t.app);
    const response = await syncUser(t.app, ann, { avatar: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(400);
  });

  it('re-issues a fresh token from the session after the old one expired', async () => {
    const ann = await signUp(t.app);
    const first = (await syncUser(t.app, ann)).json<{ token: string }>().token;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${ann.email}`,
      headers: { authorization: `Bearer ${first}` },
    });
    expect(expired.statusCode).toBe(401);
    vi.useRealTimers();
    const second = (await syncUser(t.app, ann)).json<{ token: string }>().token;
    const fresh = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${ann.email}`,
      headers: { authorization: `Bearer ${second}` },
    });
    expect(fresh.statusCode).toBe(200);
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/admin/{email}', () => {
  const ask = (email: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/admin/${encodeURIComponent(email)}`, headers });

  it('answers 401 to a visitor', async () => {
    expect((await ask(t.callers.customerA.email, t.callers.visitor.headers)).statusCode).toBe(401);
  });

  it('tells a customer about their own account', async () => {
    const response = await ask(t.callers.customerA.email, t.callers.customerA.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ admin: false });
  });

  it("refuses a customer asking about someone else's account", async () => {
    expect((await ask(t.callers.customerB.email, t.callers.customerA.headers)).statusCode).toBe(403);
    expect((await ask(t.callers.admin.email, t.callers.customerA.headers)).statusCode).toBe(403);
  });

  it('lets an admin ask about anyone', async () => {
    expect((await ask(t.callers.admin.email, t.callers.admin.headers)).json()).toEqual({ admin: true });
    expect((await ask(t.callers.customerB.email, t.callers.admin.headers)).json()).toEqual({ admin: false });
    expect((await ask('nobody@example.test', t.callers.admin.headers)).json()).toEqual({ admin: false });
  });

  it('reads the role fresh from the database, not from the token', async () => {
    const carol = await createUser(t.app);
    expect((await ask(carol.email, carol.headers)).json()).toEqual({ admin: false });
    await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, carol.id));
    expect((await ask(carol.email, carol.headers)).json()).toEqual({ admin: true });
  });

  it('answers 401 to a forged or malformed token', async () => {
    const forged = `${t.callers.customerA.token.slice(0, -4)}AAAA`;
    expect((await ask(t.callers.customerA.email, { authorization: `Bearer ${forged}` })).statusCode).toBe(
      401,
    );
    expect((await ask(t.callers.customerA.email, { authorization: 'Basic abc' })).statusCode).toBe(401);
  });

  it('answers 400 to a path that is not an email', async () => {
    expect((await ask('not-an-email', t.callers.admin.headers)).statusCode).toBe(400);
  });
});

describe('GET /api/user?email=', () => {
  const read = (email: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/user?email=${encodeURIComponent(email)}`, headers });

  it('answers 401 to a visitor', async () => {
    expect((await read(t.callers.customerA.email, t.callers.visitor.headers)).statusCode).toBe(401);
  });

  it('gives a customer their own profile as a one-item list', async () => {
    const response = await read(t.callers.customerA.email, t.callers.customerA.headers);
    expect(response.statusCode).toBe(200);
    const list = userListSchema.parse(response.json());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      _id: t.callers.customerA.id,
      email: t.callers.customerA.email,
      name: 'Customer A',
      role: 'user',
      phone: '',
      address: '',
      linkedIn: '',
      facebook: '',
    });
    expect(Object.keys(list[0]!)).not.toContain('password');
  });

  it("refuses a customer reading another user's profile", async () => {
    expect((await read(t.callers.customerB.email, t.callers.customerA.headers)).statusCode).toBe(403);
  });

  it('lets an admin read any profile, and an unknown email is an empty list', async () => {
    const response = await read(t.callers.customerB.email, t.callers.admin.headers);
    expect(response.json()).toEqual([expect.objectContaining({ email: t.callers.customerB.email })]);
    expect((await read('nobody@example.test', t.callers.admin.headers)).json()).toEqual([]);
  });

  it('answers 400 without an email', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: t.callers.admin.headers,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('PUT /api/user/profile/{id}', () => {
  const update = (id: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/user/profile/${id}`, headers, payload });
  const edits = {
    phone: '01712345678',
    address: '12 Mill Road',
    linkedIn: 'https://linkedin.com/in/a',
    facebook: 'https://facebook.com/a',
  };

  it('answers 401 to a visitor', async () => {
    expect((await update(t.callers.customerA.id, t.callers.visitor.headers, edits)).statusCode).toBe(401);
  });

  it('lets a customer edit their own profile', async () => {
    const response = await update(t.callers.customerA.id, t.callers.customerA.headers, edits);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, t.callers.customerA.id));
    expect(row).toMatchObject(edits);
  });

  it("refuses a customer editing another user's profile", async () => {
    const response = await update(t.callers.customerB.id, t.callers.customerA.headers, { phone: '999' });
    expect(response.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, t.callers.customerB.id));
    expect(row?.phone).toBe('');
  });

  it("refuses an admin editing a customer's profile (own profile only)", async () => {
    const response = await update(t.callers.customerB.id, t.callers.admin.headers, { phone: '999' });
    expect(response.statusCode).toBe(403);
  });

  it('ignores forged role, email and name fields', async () => {
    const response = await update(t.callers.customerB.id, t.callers.customerB.headers, {
      phone: '01811111111',
      role: 'admin',
      email: 'evil@example.test',
      name: 'Evil',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, t.callers.customerB.id));
    expect(row).toMatchObject({
      phone: '01811111111',
      role: 'user',
      email: t.callers.customerB.email,
      name: 'Customer B',
    });
  });

  it('rejects links that are not http(s) and ids that are not ids', async () => {
    const bad = await update(t.callers.customerA.id, t.callers.customerA.headers, {
      facebook: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect((await update('not%20an%20id', t.callers.customerA.headers, {})).statusCode).toBe(400);
  });
});

describe('GET /api/users', () => {
  const list = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/users', headers });

  it('answers 401 to a visitor and 403 to customers', async () => {
    expect((await list(t.callers.visitor.headers)).statusCode).toBe(401);
    expect((await list(t.callers.customerA.headers)).statusCode).toBe(403);
    expect((await list(t.callers.customerB.headers)).statusCode).toBe(403);
  });

  it('gives an admin every user', async () => {
    const response = await list(t.callers.admin.headers);
    expect(response.statusCode).toBe(200);
    const emails = userListSchema.parse(response.json()).map((user) => user.email);
    expect(emails).toEqual(
      expect.arrayContaining([t.callers.customerA.email, t.callers.customerB.email, t.callers.admin.email]),
    );
  });
});

describe('PUT /api/user/admin/{email}', () => {
  const promote = (email: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/api/user/admin/${encodeURIComponent(email)}`, headers });

  it('answers 401 to a visitor and 403 to a customer, promoting nobody', async () => {
    const dave = await createUser(t.app);
    expect((await promote(dave.email, t.callers.visitor.headers)).statusCode).toBe(401);
    const response = await promote(dave.email, t.callers.customerA.headers);
    expect(response.statusCode).toBe(403);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('FORBIDDEN');
    // A customer cannot promote themself either.
    expect((await promote(t.callers.customerA.email, t.callers.customerA.headers)).statusCode).toBe(403);
    expect(await roleOf(dave.id)).toBe('user');
    expect(await roleOf(t.callers.customerA.id)).toBe('user');
  });

  it('lets an admin promote a user once', async () => {
    const erin = await createUser(t.app);
    const first = await promote(erin.email, t.callers.admin.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(erin.id)).toBe('admin');
    expect((await promote(erin.email, t.callers.admin.headers)).json()).toEqual({ modifiedCount: 0 });
    expect((await promote('nobody@example.test', t.callers.admin.headers)).json()).toEqual({
      modifiedCount: 0,
    });
    // The promoted user is an admin on their very next call, with the same token.
    const users = await t.app.inject({ method: 'GET', url: '/api/users', headers: erin.headers });
    expect(users.statusCode).toBe(200);
  });
});

describe('GET /api/auth-config', () => {
  it('says Google sign-in is off without a client id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth-config' });
    expect(response.json()).toEqual({ google: false });
  });
});

describe('authorisation before validation', () => {
  it('answers 401 to a visitor and 403 to a customer whatever they send', async () => {
    const visitorProfile = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/not an id',
      payload: { phone: 42, role: 'admin' },
    });
    expect(visitorProfile.statusCode).toBe(401);
    const customerPromote = await t.app.inject({
      method: 'PUT',
      url: '/api/user/admin/not-an-email',
      headers: t.callers.customerA.headers,
    });
    expect(customerPromote.statusCode).toBe(403);
    const customerUsers = await t.app.inject({
      method: 'GET',
      url: '/api/users?limit=nonsense',
      headers: t.callers.customerA.headers,
    });
    expect(customerUsers.statusCode).toBe(403);
  });
});
