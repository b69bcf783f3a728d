import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../shared/constants.ts';
import { ApiError, apiFetchPage, nextPageFromLink } from './api-client.ts';
import { apiError, pathOf, sent, server } from '../../../tests/support/msw.ts';

describe('nextPageFromLink', () => {
  it('reads the server\'s rel="next" address as a path under /api', () => {
    expect(nextPageFromLink('</api/orders?limit=100&offset=100>; rel="next"')).toBe(
      '/orders?limit=100&offset=100',
    );
    expect(nextPageFromLink('</api/order?email=a%40b.test&limit=100&offset=200>; rel=next')).toBe(
      '/order?email=a%40b.test&limit=100&offset=200',
    );
  });

  it('finds next among several links and relation types', () => {
    expect(
      nextPageFromLink(
        '</api/users?offset=0>; rel="prev", </api/users?limit=100&offset=200>; rel="last next"',
      ),
    ).toBe('/users?limit=100&offset=200');
    expect(nextPageFromLink(`<${window.location.origin}/api/products?offset=100>; rel="next"`)).toBe(
      '/products?offset=100',
    );
  });

  it('answers null without a next link', () => {
    expect(nextPageFromLink(null)).toBeNull();
    expect(nextPageFromLink('')).toBeNull();
    expect(nextPageFromLink('</api/orders?offset=0>; rel="prev"')).toBeNull();
  });

  it('never follows a link off this origin or outside /api (the request carries the token)', () => {
    expect(nextPageFromLink('<https://evil.example/api/orders?offset=100>; rel="next"')).toBeNull();
    expect(nextPageFromLink('<//evil.example/api/orders>; rel="next"')).toBeNull();
    expect(nextPageFromLink('</dashboard?offset=100>; rel="next"')).toBeNull();
  });
});

describe('apiFetchPage', () => {
  beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'token-1'));

  it('answers the rows and the next page, sending the Bearer token', async () => {
    server.use(
      http.get('/api/orders', () =>
        HttpResponse.json([{ id: 1 }, { id: 2 }], {
          headers: { link: '</api/orders?limit=2&offset=2>; rel="next"' },
        }),
      ),
    );
    await expect(apiFetchPage('/orders')).resolves.toEqual({
      rows: [{ id: 1 }, { id: 2 }],
      next: '/orders?limit=2&offset=2',
    });
    expect(sent.map(pathOf)).toEqual(['/api/orders']);
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('answers next: null on the last page', async () => {
    server.use(http.get('/api/orders', () => HttpResponse.json([])));
    await expect(apiFetchPage('/orders?limit=2&offset=2')).resolves.toEqual({ rows: [], next: null });
  });

  it('throws the typed ApiError of the error shape', async () => {
    server.use(http.get('/api/orders', () => apiError(403, 'FORBIDDEN', 'Administrators only')));
    const error = await apiFetchPage('/orders').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Administrators only' });
  });
});
