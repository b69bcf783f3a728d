import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

// Paging for every list call (docs/decisions/007-every-list-is-paged.md, which replaces 002).
// The spec's calls return plain arrays and still do; an array is one page of at most
// LISTING_DEFAULT_LIMIT rows unless ?limit= asks for up to LISTING_MAX_LIMIT. When more rows
// follow, the answer carries `Link: <...>; rel="next"` with the address of the next page.
export const LISTING_MAX_LIMIT = 1000;
export const LISTING_DEFAULT_LIMIT = 100;

export const listingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LISTING_MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
});
export type ListingQuery = z.infer<typeof listingQuerySchema>;

/** The rows to read: `limit` of them after skipping `offset`. */
export interface Page {
  limit: number;
  offset: number;
}

export function pageFrom(query: ListingQuery): Page {
  return { limit: query.limit ?? LISTING_DEFAULT_LIMIT, offset: query.offset ?? 0 };
}

/**
 * Reads one row more than the page holds to learn whether another page follows (cheaper
 * than counting a million orders); `next` is the Link header value pointing at it, if any.
 */
export async function readPage<T>(
  request: FastifyRequest,
  page: Page,
  read: (page: Page) => Promise<T[]>,
): Promise<{ rows: T[]; next?: string }> {
  const rows = await read({ limit: page.limit + 1, offset: page.offset });
  if (rows.length <= page.limit) return { rows };
  // The validated query (unknown parameters already dropped), with the next offset.
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>))
    if (value !== undefined) query.set(name, String(value));
  query.set('limit', String(page.limit));
  query.set('offset', String(page.offset + page.limit));
  const path = request.url.split('?')[0];
  return { rows: rows.slice(0, page.limit), next: `<${path}?${query}>; rel="next"` };
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
