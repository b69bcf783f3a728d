import { beforeEach, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema.ts';
import { DEFAULT_AVATAR_URL } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { reviewListSchema } from '../../../shared/schemas/review.schema.ts';
import { createUser } from '../../../../tests/factories/users.ts';
import { errorOf, useApiTest } from '../../../../tests/support/api-test.ts';

const t = useApiTest();
beforeEach(async () => {
  await t.app.db.delete(reviews);
});

const post = (payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/review', headers, payload: payload as object });
const listReviews = async (query = '') =>
  reviewListSchema.parse((await t.app.inject({ method: 'GET', url: `/api/reviews${query}` })).json());
const reviewCount = async () => (await t.app.db.select({ id: reviews.id }).from(reviews)).length;

describe('GET /api/reviews', () => {
  it('gives every caller the reviews, newest first', async () => {
    await post({ rating: 5, message: 'First review' }, t.callers.customerA.headers);
    await post({ rating: 3, message: 'Second review' }, t.callers.customerB.headers);
    await post({ rating: 4, message: 'Third review' }, t.callers.customerA.headers);
    for (const headers of [
      t.callers.visitor.headers,
      t.callers.customerA.headers,
      t.callers.customerB.headers,
      t.callers.admin.headers,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/reviews', headers });
      expect(response.statusCode).toBe(200);
      const list = reviewListSchema.parse(response.json());
      expect(list.map((r) => r.message)).toEqual(['Third review', 'Second review', 'First review']);
    }
  });

  it('answers exactly the spec fields of a review', async () => {
    const { insertedId } = (
      await post({ rating: 4, message: 'Solid tools' }, t.callers.customerA.headers)
    ).json() as { insertedId: string };
    const response = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(response.json()).toEqual([
      {
        _id: insertedId,
        name: 'Customer A',
        avatar: '/images/blank-avatar.svg',
        message: 'Solid tools',
        rating: 4,
      },
    ]);
  });

  it('answers an empty array when nobody has reviewed yet', async () => {
    expect(await listReviews()).toEqual([]);
  });

  it('pages with ?limit= and ?offset=', async () => {
    for (const n of [1, 2, 3, 4])
      await post({ rating: 5, message: `Review ${n}` }, t.callers.customerA.headers);
    expect((await listReviews('?limit=2')).map((r) => r.message)).toEqual(['Review 4', 'Review 3']);
    expect((await listReviews('?limit=2&offset=2')).map((r) => r.message)).toEqual(['Review 2', 'Review 1']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/reviews?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api/review', () => {
  it("writes a customer's review under their own name and avatar, whatever the body says", async () => {
    const farmer = await createUser(t.app, { name: 'Amina Rahman', avatar: '/images/avatars/avatar-1.svg' });
    const response = await post(
      { rating: 5, message: 'Great hoe', name: 'Somebody Else', avatar: 'https://evil.example/x.png' },
      farmer.headers,
    );
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json() as { insertedId: string };
    const [review] = await listReviews();
    expect(review).toEqual({
      _id: insertedId,
      name: 'Amina Rahman',
      avatar: '/images/avatars/avatar-1.svg',
      message: 'Great hoe',
      rating: 5,
    });
  });

  it('gives a reviewer without an avatar the generic blank image', async () => {
    const plain = await createUser(t.app, { name: 'No Photo', avatar: '' });
    expect((await post({ rating: 4, message: 'Fine' }, plain.headers)).statusCode).toBe(201);
    const [review] = await listReviews();
    expect(review?.avatar).toBe(DEFAULT_AVATAR_URL);
  });

  it.each([
    [
      'a picture on any other host (a tracking pixel)',
      'https://tracker.example/pixel.gif',
      DEFAULT_AVATAR_URL,
    ],
    ['a Google account photo', 'https://lh3.googleusercontent.com/a/photo=s96-c', null],
    ['a picture the shop serves', 'http://localhost:3000/images/avatars/avatar-3.svg', null],
  ])('copies %s to the public review only when every visitor may load it', async (_what, avatar, shown) => {
    const reviewer = await createUser(t.app, { avatar });
    expect((await post({ rating: 4, message: 'Sturdy' }, reviewer.headers)).statusCode).toBe(201);
    const [review] = await listReviews();
    expect(review?.avatar).toBe(shown ?? avatar);
  });

  it('lets both customers and an admin review, each under their own name', async () => {
    for (const caller of [t.callers.customerA, t.callers.customerB, t.callers.admin]) {
      const response = await post({ rating: 4, message: `From ${caller.name}` }, caller.headers);
      expect(response.statusCode, caller.name).toBe(201);
    }
    const list = await listReviews();
    expect(list.map((r) => [r.name, r.message])).toEqual([
      ['Admin', 'From Admin'],
      ['Customer B', 'From Customer B'],
      ['Customer A', 'From Customer A'],
    ]);
  });

  it('refuses a visitor with 401, before looking at the body', async () => {
    for (const payload of [{ rating: 5, message: 'Hi' }, {}]) {
      const response = await post(payload, t.callers.visitor.headers);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    }
    expect((await post({ rating: 5, message: 'Hi' }, { authorization: 'Bearer forged' })).statusCode).toBe(
      401,
    );
    expect(await reviewCount()).toBe(0);
  });

  it.each([
    ['rating 0', { rating: 0, message: 'ok' }],
    ['rating 6', { rating: 6, message: 'ok' }],
    ['rating -1', { rating: -1, message: 'ok' }],
    ['rating 3.5', { rating: 3.5, message: 'ok' }],
    ['rating as a string', { rating: '4', message: 'ok' }],
    ['no rating', { message: 'ok' }],
  ])('refuses %s with the rating message', async (_label, payload) => {
    const response = await post(payload, t.callers.customerA.headers);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain(messages.ratingRange);
    expect(await reviewCount()).toBe(0);
  });

  it.each([
    ['a 151-character message', { rating: 4, message: 'a'.repeat(151) }],
    ['an empty message', { rating: 4, message: '' }],
    ['a message of spaces', { rating: 4, message: '    ' }],
    ['no message', { rating: 4 }],
    ['a numeric message', { rating: 4, message: 42 }],
  ])('refuses %s with the comment message', async (_label, payload) => {
    const response = await post(payload, t.callers.customerA.headers);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain(messages.commentTooLong);
    expect(await reviewCount()).toBe(0);
  });

  it('accepts the bounds: rating 1 and 5, a message of exactly 150 characters', async () => {
    expect(
      (await post({ rating: 1, message: 'b'.repeat(150) }, t.callers.customerA.headers)).statusCode,
    ).toBe(201);
    expect((await post({ rating: 5, message: 'c' }, t.callers.customerA.headers)).statusCode).toBe(201);
    expect(await reviewCount()).toBe(2);
  });
});
