import { z } from 'zod';

// Optional paging for the list calls (docs/decisions/002-listing-limits.md). The spec's
// calls return whole arrays, so without parameters a list is returned whole; a client
// that pages asks with ?limit=&offset= and never gets more than LISTING_MAX_LIMIT rows.
export const LISTING_MAX_LIMIT = 1000;
/** The page size when only ?offset= is given. */
export const LISTING_DEFAULT_LIMIT = 100;

export const listingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LISTING_MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
});
export type ListingQuery = z.infer<typeof listingQuerySchema>;

/** A page to read, or undefined for the whole list. */
export interface Page {
  limit: number;
  offset: number;
}

export function pageFrom(query: ListingQuery): Page | undefined {
  if (query.limit === undefined && query.offset === undefined) return undefined;
  return { limit: query.limit ?? LISTING_DEFAULT_LIMIT, offset: query.offset ?? 0 };
}
