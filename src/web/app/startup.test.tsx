import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../shared/constants.ts';
import { AuthProvider, prefetchSession, useAuth } from '../lib/auth-provider.tsx';
import { pathOf, sent, server } from '../../../tests/support/msw.ts';
import { accessTokenWith } from '../../../tests/support/auth-state.ts';
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
    for (const path of ['/', '/home', '/blogs', '/login']) preloadPage(path);

    preloadPage('/dashboard/payment/order-7');
    await vi.waitFor(() => expect(loaded).toEqual(expect.arrayContaining(['dashboard-layout', 'payment'])));
    preloadPage('/bn/dashboard/manageOrders'); // a Bengali address: the same page
    await vi.waitFor(() => expect(loaded).toContain('manage-orders'));
    preloadPage('/dashboard');
    await vi.waitFor(() => expect(loaded).toContain('profile'));

    for (const page of ['home', 'blogs', 'login', 'my-orders']) expect(loaded, page).not.toContain(page);
    expect(sent).toEqual([]);
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

describe('preloadPage on a page behind sign-in the server drew', () => {
  const user = { id: 'user-1', name: 'Asha Grower', email: 'asha@example.test', image: null };
  /** The access token the user sync issues for session s1 (one value, compared as stored). */
  const storedToken = accessTokenWith({ sid: 's1', email: user.email });
  /** The session provider's first render, showing who it counts as signed in. */
  const renderProvider = () =>
    render(
      <AuthProvider>
        <Who />
      </AuthProvider>,
    );
  /** Until the provider has asked for the admin flag, the last step of its first refresh. */
  const untilAdminAsked = () =>
    vi.waitFor(() => expect(sent.map(pathOf)).toContain(`/api/admin/${encodeURIComponent(user.email)}`));
  beforeEach(() => {
    localStorage.clear();
    server.use(
      http.get('/api/product/:id', () => HttpResponse.json({ _id: '6a1b' })),
      http.put('/api/user/:email', () => HttpResponse.json({ token: storedToken })),
      http.get('/api/admin/:email', () => HttpResponse.json({ admin: false })),
    );
  });

  it('settles with the session known too, and the first render draws the customer signed in', async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json({ session: { id: 's1' }, user })));
    localStorage.setItem(ACCESS_TOKEN_KEY, storedToken);
    await preloadPage('/placeorder/6a1b');

    // The order page's code, its public product and the session, all at once.
    expect(loaded).toContain('place-order');
    expect(sent.map(pathOf)).toEqual(expect.arrayContaining(['/api/auth/get-session', '/api/product/6a1b']));
    renderProvider();
    // Drawn at once, never "checking" (RequireAuth's spinner).
    expect(screen.getByText(user.email)).toBeInTheDocument();
    // The session is asked for once and the user synced once (spec section 4), the stored token
    // serving meanwhile; then the admin flag.
    await untilAdminAsked();
    expect(sent.map(pathOf).filter((path) => path === '/api/auth/get-session')).toHaveLength(1);
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it("settles with the login page's code for a visitor not signed in, drawn signed out at once", async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
    await preloadPage('/placeorder/6a1b');

    expect(loaded).toEqual(expect.arrayContaining(['place-order', 'login']));
    renderProvider();
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('syncs the user before the first render when no stored token serves the session', async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json({ session: { id: 's1' }, user })));
    await preloadPage('/placeorder/6a1b');

    // The token the sync answered is stored before the first render, which draws the customer.
    expect(sent.map(pathOf)).toContain(`/api/user/${encodeURIComponent(user.email)}`);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(storedToken);
    renderProvider();
    expect(screen.getByText(user.email)).toBeInTheDocument();
    // One sync, not another after the render.
    await untilAdminAsked();
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
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
