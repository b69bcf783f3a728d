import { HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { ErrorCode } from '../../src/shared/errors.ts';

// The network of the web component tests: Mock Service Worker answers the page's fetch calls
// with typed handlers (https://mswjs.io/docs/api/setup-server). web-setup.ts starts it, fails a
// test on any request no handler answers, and drops a test's own handlers after it.

export const server = setupServer();

/** The requests of the running test, in the order the page sent them (cleared after each test). */
export const sent: Request[] = [];
server.events.on('request:start', ({ request }) => {
  sent.push(request.clone());
});

/** Path and query of a request, as the page wrote it: `/api/users?limit=2&offset=2`. */
export const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/** The JSON body a request carried. */
export const bodyOf = async (request: Request): Promise<unknown> => request.clone().json();

/** The server's error shape (src/shared/errors.ts). */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string };
}

/** An answer in the server's error shape with its status. */
export const apiError = (status: number, code: ErrorCode, message: string) =>
  HttpResponse.json<ApiErrorBody>({ error: { code, message } }, { status });

/**
 * A list answered as the server pages it (docs/decisions/007): `pageSize` rows unless ?limit=
 * says otherwise, from ?offset=, and `Link: <same query, next offset>; rel="next"` while more
 * rows follow.
 */
export function pagedJson<T extends JsonBodyType>(request: Request, rows: T[], pageSize: number) {
  const url = new URL(request.url);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? pageSize);
  const headers: Record<string, string> = {};
  if (offset + limit < rows.length) {
    const next = new URLSearchParams(url.search);
    next.set('limit', String(limit));
    next.set('offset', String(offset + limit));
    headers.link = `<${url.pathname}?${next}>; rel="next"`;
  }
  return HttpResponse.json<T[]>(rows.slice(offset, offset + limit), { headers });
}
