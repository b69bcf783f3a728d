import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { ApiPage } from './api-client.ts';

// Helpers for the paged lists (docs/decisions/007) read with useInfiniteQuery: each page
// param is the path of a page, starting with the list's own path and then following the
// server's Link rel="next" until there is none.

/** The next page's path, or undefined (TanStack Query's "no next page"). */
export const nextPageParam = <T>(last: ApiPage<T>): string | undefined => last.next ?? undefined;

/** The infinite query of a paged list: `firstPage` is its path, `fetchPage` reads one page. */
export function pagedQueryOptions<T, TKey extends QueryKey>(
  queryKey: TKey,
  firstPage: string,
  fetchPage: (path: string, signal: AbortSignal) => Promise<ApiPage<T>>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: firstPage,
    getNextPageParam: nextPageParam<T>,
  });
}

/**
 * Every loaded row in order, or undefined while nothing is loaded. Lists paged by offset (users,
 * reviews) can push the last row of one page onto the next when someone adds a row between two
 * pages: a row seen twice is shown once (its first place), which also keeps React keys unique.
 */
export function loadedRows<T extends { _id: string }>(
  data: InfiniteData<ApiPage<T>> | undefined,
): T[] | undefined {
  if (!data) return undefined;
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.rows)
    .filter((row) => {
      if (seen.has(row._id)) return false;
      seen.add(row._id);
      return true;
    });
}

/** The same pages with `keep` applied to their rows (to drop a removed row at once). */
export function filterPages<T>(
  data: InfiniteData<ApiPage<T>> | undefined,
  keep: (row: T) => boolean,
): InfiniteData<ApiPage<T>> | undefined {
  return data && { ...data, pages: data.pages.map((page) => ({ ...page, rows: page.rows.filter(keep) })) };
}
