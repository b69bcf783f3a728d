import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import type { Cursors } from './cursor.ts';

// Paging for every list call (docs/decisions/007-every-list-is-paged.md, which replaces 002).
// The spec's calls return plain arrays and still do; an array is one page of at most
// LISTING_DEFAULT_LIMIT rows unless ?limit= asks for up to LISTING_MAX_LIMIT. When more rows
// follow, the answer carries `Link: <...>; rel="next"` with the address of the next page.
export const LISTING_MAX_LIMIT = 1000;
export const LISTING_DEFAULT_LIMIT = 100;

export const listingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LISTING_MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
  /** Keyset lists: the signed cursor a Link header named (where the previous page ended). */
  after: z.string().min(1).max(400).optional(),
});
export type ListingQuery = z.infer<typeof listingQuerySchema>;

/** Where a keyset page starts: after the row with this sort key (exact, as text) and id. */
export interface After {
  key: string;
  id: string;
}

/** The rows to read: `limit` of them after skipping `offset`, or (keyset lists) after `after`. */
export interface Page {
  limit: number;
  offset: number;
  after?: After;
}

/**
 * A keyset page as the database wrote it: the JSON text of at most `limit` rows, whether
 * another row follows, and where the page's last row stands (for the next page's cursor).
 * The database writes the answer's exact shape, so a long list costs the shop no row mapping
 * and no serialization (docs/decisions/007-every-list-is-paged.md).
 */
export interface JsonPage {
  json: string;
  more: boolean;
  last?: After;
}

/**
 * The list a request reads, as the cursor's fingerprint: its path and validated query without
 * the paging parameters. A cursor names a position in that list only.
 */
function listOf(request: FastifyRequest): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>))
    if (value !== undefined && !['limit', 'offset', 'after'].includes(name)) query.set(name, String(value));
  query.sort();
  return `${request.url.split('?')[0]}?${query}`;
}

/**
 * The page a request asks for. With `cursors` the list is keyset-paged: `after` is decoded (a
 * cursor edited, cut short or taken from another list is a 400) and `offset` is not used.
 */
export function pageFrom(query: ListingQuery, keyset?: { request: FastifyRequest; cursors: Cursors }): Page {
  const page = { limit: query.limit ?? LISTING_DEFAULT_LIMIT, offset: query.offset ?? 0 };
  if (!keyset) return page;
  if (query.offset !== undefined)
    throw new AppError('VALIDATION_FAILED', 'querystring.offset: This list pages with ?after=');
  if (query.after === undefined) return page;
  const { key, id } = keyset.cursors.decode(query.after, listOf(keyset.request));
  return { ...page, after: { key, id } };
}

/** The Link header value naming the page after this one: the same query, moved on. */
function nextLink(request: FastifyRequest, page: Page, after?: { cursors: Cursors; last: After }): string {
  // The validated query (unknown parameters already dropped), with the next position.
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>))
    if (value !== undefined && name !== 'after' && name !== 'offset') query.set(name, String(value));
  query.set('limit', String(page.limit));
  if (after) query.set('after', after.cursors.encode({ search: listOf(request), ...after.last }));
  else query.set('offset', String(page.offset + page.limit));
  return `<${request.url.split('?')[0]}?${query}>; rel="next"`;
}

/**
 * Reads one row more than the page holds to learn whether another page follows (cheaper
 * than counting every row); `next` is the Link header value pointing at it, if any.
 */
export async function readPage<T>(
  request: FastifyRequest,
  page: Page,
  read: (page: Page) => Promise<T[]>,
): Promise<{ rows: T[]; next?: string }> {
  const rows = await read({ ...page, limit: page.limit + 1 });
  if (rows.length <= page.limit) return { rows };
  return { rows: rows.slice(0, page.limit), next: nextLink(request, page) };
}

/** One page of a list as the answer, with its Link header when another page follows. */
export async function replyWithPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  read: (page: Page) => Promise<T[]>,
): Promise<T[]> {
  const { rows, next } = await readPage(request, page, read);
  if (next) reply.header('link', next);
  return rows;
}

/** One keyset page the database wrote as JSON, sent as it is, with its Link header. */
export async function replyWithJsonPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  read: (page: Page) => Promise<JsonPage>,
  cursors: Cursors,
) {
  const { json, more, last } = await read(page);
  if (more && last) reply.header('link', nextLink(request, page, { cursors, last }));
  return reply.type('application/json; charset=utf-8').send(json);
}
