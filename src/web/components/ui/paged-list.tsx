import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../lib/api-client.ts';
import { t, translate } from '../../lib/i18n.ts';
import { paths } from '../../../shared/paths.ts';
import { LoadMoreButton, type PagedQuery } from './load-more-button.tsx';
import { FullPageSpinner } from './spinner.tsx';

/** A list the server refused with 403 sends the reader home (spec section 4); true meanwhile. */
export function useLeaveWhenForbidden(error: Error | null): boolean {
  const [, navigate] = useLocation();
  const forbidden = error instanceof ApiError && error.status === 403;
  useEffect(() => {
    if (forbidden) void navigate(paths.root, { replace: true });
  }, [forbidden, navigate]);
  return forbidden;
}

/**
 * A paged list as every list page shows it (docs/decisions/007): a spinner until the first
 * page arrives (and while a 403 sends the reader home), the error with Try again when nothing
 * loaded, `empty` for no rows, else the rows and 'Load more' under them.
 */
export function PagedList<T>({
  query,
  rows,
  loadingLabel,
  failed,
  empty,
  noun,
  children,
}: {
  query: PagedQuery & { isPending: boolean; refetch: () => Promise<unknown> };
  rows: T[] | undefined;
  loadingLabel: string;
  /** The words for a first page that did not load. */
  failed: (message: string) => string;
  empty?: ReactNode;
  /** What the list holds, for 'Load more {noun}'. */
  noun: string;
  children: (rows: T[]) => ReactNode;
}) {
  const forbidden = useLeaveWhenForbidden(query.error);
  if (forbidden || (query.isPending && !rows)) return <FullPageSpinner label={loadingLabel} />;
  if (!rows)
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{failed(translate(query.error?.message ?? ''))}</span>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
          {t.tryAgain}
        </button>
      </div>
    );
  if (rows.length === 0 && empty) return <p className="rounded-box bg-base-200 p-6 text-center">{empty}</p>;
  return (
    <>
      {children(rows)}
      <LoadMoreButton noun={noun} query={query} />
    </>
  );
}
