import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../shared/constants.ts';
import { ApiError, apiFetchPage, nextPageFromLink } from './api-client.ts';

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
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-1');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('answers the rows and the next page, sending the Bearer token', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify([{ id: 1 }, { id: 2 }]), {
        headers: { link: '</api/orders?limit=2&offset=2>; rel="next"' },
      }),
    );
    await expect(apiFetchPage('/orders')).resolves.toEqual({
      rows: [{ id: 1 }, { id: 2 }],
      next: '/orders?limit=2&offset=2',
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/orders');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
  });

  it('answers next: null on the last page', async () => {
    fetchMock.mockResolvedValue(new Response('[]'));
    await expect(apiFetchPage('/orders?limit=2&offset=2')).resolves.toEqual({ rows: [], next: null });
  });

  it('throws the typed ApiError of the error shape', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Administrators only' } }), {
        status: 403,
      }),
    );
    const error = await apiFetchPage('/orders').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Administrators only' });
  });
});
