import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/**
 * Renders one page at `at` under a router that keeps its address in memory and a fresh query
 * cache that does not retry, as the app would. Every other address shows 'Elsewhere'; the
 * returned `pathname` tells where the page navigated to. `pattern` is the route's path when
 * the page reads parameters (`/dashboard/editProduct/:productId`).
 */
export function renderPage(element: ReactNode, at = '/page', pattern = at) {
  const location = memoryLocation({ path: at, record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <Switch>
          <Route path={pattern}>{element}</Route>
          <Route>
            <p>Elsewhere</p>
          </Route>
        </Switch>
      </Router>
    </QueryClientProvider>,
  );
  return {
    get pathname(): string {
      return location.history!.at(-1)!.split('?')[0]!;
    },
  };
}
