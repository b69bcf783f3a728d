import { t } from '../../lib/i18n.ts';
import { reasonOf } from '../../lib/error-reason.ts';

/** The parts of a TanStack infinite query the button needs. */
export interface PagedQuery {
  /** Whether the server named a next page (Link rel="next"); nothing renders without one. */
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => Promise<unknown>;
}

interface LoadMoreButtonProps {
  query: PagedQuery;
  /** What is loaded, in the page's language, for screen readers: "Load more orders". */
  noun: string;
}

/**
 * "Load more" under a paged list (docs/decisions/007): lists answer 100 rows a page, so
 * every row past the first page is reached through this button.
 */
export function LoadMoreButton({ query, noun }: LoadMoreButtonProps) {
  const { hasNextPage, isFetchingNextPage } = query;
  // Only the next page's failure is shown here; the page shows a failed first load itself.
  const error = query.isFetchNextPageError ? query.error : null;
  const onLoadMore = () => void query.fetchNextPage();
  if (!hasNextPage) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      {error && !isFetchingNextPage && (
        <p role="alert" className="text-sm text-error">
          {t.couldNotLoadMore(noun, reasonOf(error))}
        </p>
      )}
      <button
        type="button"
        className="btn btn-outline btn-primary min-w-40"
        onClick={onLoadMore}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage || undefined}
        aria-label={isFetchingNextPage ? t.loadingMoreOf(noun) : t.loadMoreOf(noun)}
      >
        {isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {isFetchingNextPage ? t.loadingEllipsis : t.loadMore}
      </button>
    </div>
  );
}
