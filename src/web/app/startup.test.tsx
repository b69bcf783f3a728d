import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider, prefetchSession, useAuth } from '../lib/auth-provider.tsx';
import { pathOf, sent, server } from '../../../tests/support/msw.ts';
import { preloadPage } from './router.tsx';

// What main.tsx starts before React's first render: the code of the page behind sign-in at the
// address, or of the page the server drew there with its first data, and the identity session
// check.

// Each page module stands in for itself and records that its code was fetched.
const { loaded, stub } = vi.hoisted(() => {
  const loaded: string[] = [];
  const stub = (name: string) => () => {
    loaded.push(name);
    return { default: () => null };
  };
  return { loaded, stub };
});
vi.mock('./pages/home-page.tsx', stub('home'));
vi.mock('../features/content/pages/blogs-page.tsx', stub('blogs'));
vi.mock('../features/auth/pages/login-page.tsx', stub('login'));
vi.mock('./pages/place-order-page.tsx', stub('place-order'));
vi.mock('../features/products/pages/products-page.tsx', stub('products'));
vi.mock('./layouts/dashboard-layout.tsx', stub('dashboard-layout'));
vi.mock('../features/users/pages/profile-page.tsx', stub('profile'));
vi.mock('../features/orders/pages/my-orders-page.tsx', stub('my-orders'));
vi.mock('../features/orders/pages/payment-page.tsx', stub('payment'));
vi.mock('../features/orders/pages/manage-orders-page.tsx', stub('manage-orders'));

describe('preloadPage', () => {
  it('fetches the code of the page behind sign-in at each address, and nothing for the prerendered pages', async () => {
    server.use(http.get('/api/product/:id', () => HttpResponse.json({ _id: '6a1b' })));
    for (const path of ['/', '/home', '/blogs', '/login']) preloadPage(path);

    // The order page's code and its public product, both at once.
    preloadPage('/placeorder/6a1b');
    await vi.waitFor(() => expect(loaded).toContain('place-order'));
    expect(sent.map(pathOf)).toEqual(['/api/product/6a1b']);
    preloadPage('/dashboard/payment/order-7');
    await vi.waitFor(() => expect(loaded).toEqual(expect.arrayContaining(['dashboard-layout', 'payment'])));
    preloadPage('/bn/dashboard/manageOrders'); // a Bengali address: the same page
    await vi.waitFor(() => expect(loaded).toContain('manage-orders'));
    preloadPage('/dashboard');
    await vi.waitFor(() => expect(loaded).toContain('profile'));

    for (const page of ['home', 'blogs', 'login', 'my-orders']) expect(loaded, page).not.toContain(page);
  });
});

describe('preloadPage on a page the server drew', () => {
  it("settles once the page's code and its first data are in, ready for the first render", async () => {
    const { queryClient } = await import('../lib/query-provider.tsx');
    const { productKeys } = await import('../features/products/keys.ts');
    server.use(
      http.get('/api/products', () => HttpResponse.json([{ _id: 'p1', name: 'Knapsack Sprayer' }])),
      http.get('/api/categories', () =>
        HttpResponse.json([{ _id: 'c1', slug: 'spraying', name: 'Spraying' }]),
      ),
    );
    await preloadPage('/products', '?q=knapsak&inStock=true');

    expect(loaded).toContain('products');
    expect(sent.map(pathOf).sort()).toEqual([
      '/api/categories',
      '/api/products?q=knapsak&inStock=true&sort=relevance',
    ]);
    // The page's own queries find their answers at once.
    expect(queryClient.getQueryData(productKeys.search('q=knapsak&inStock=true&sort=relevance'))).toEqual({
      pages: [{ rows: [{ _id: 'p1', name: 'Knapsack Sprayer' }], next: null }],
      pageParams: ['/products?q=knapsak&inStock=true&sort=relevance'],
    });
    expect(queryClient.getQueryData(productKeys.categories())).toEqual([
      { _id: 'c1', slug: 'spraying', name: 'Spraying' },
    ]);
  });
});

function Who() {
  const { loading, account } = useAuth();
  return <p>{loading ? 'checking' : (account?.email ?? 'signed out')}</p>;
}

describe('prefetchSession', () => {
  it('starts the session check before render, and the first refresh uses its answer', async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
    prefetchSession();
    await vi.waitFor(() => expect(sent.map(pathOf)).toEqual(['/api/auth/get-session']));
    render(
      <AuthProvider>
        <Who />
      </AuthProvider>,
    );
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(sent.map(pathOf)).toEqual(['/api/auth/get-session']);
  });
});
