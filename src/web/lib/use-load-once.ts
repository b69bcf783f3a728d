import { useEffect, useState } from 'react';

export interface LoadOnce<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * Fetches once after mount (spec section 4: the home lists "are filled once after load").
 * Deliberately not TanStack Query: the home route must stay within its JavaScript budget,
 * so the query library loads only with the pages that need caching and invalidation.
 */
export function useLoadOnce<T>(load: (signal: AbortSignal) => Promise<T>): LoadOnce<T> {
  const [state, setState] = useState<LoadOnce<T>>({ data: undefined, isPending: true, isError: false });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ data, isPending: false, isError: false }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError')
          setState({ data: undefined, isPending: false, isError: true });
      },
    );
    return () => controller.abort();
    // `load` is a module-level fetcher; loading once is the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}
