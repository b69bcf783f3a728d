import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * Renders one page at `at` under a memory router and a fresh query cache that does not retry,
 * as the app would. Every other address shows 'Elsewhere'; the returned router tells where
 * the page navigated to. `pattern` is the route's path when the page reads parameters
 * (`/dashboard/editProduct/:productId`).
 */
export function renderPage(element: ReactNode, at = '/page', pattern = at) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [at] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
