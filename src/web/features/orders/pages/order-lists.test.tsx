import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import type { Order } from '../../../../shared/schemas/order.schema.ts';
import ManageOrdersPage from './manage-orders-page.tsx';
import MyOrdersPage from './my-orders-page.tsx';
import { pagedAnswer } from '../../../../../tests/support/paged-answer.ts';
import { renderPage } from '../../../../../tests/support/render-page.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));
vi.mock('../../../lib/auth-provider.tsx', () => ({
  useAuth: () => ({
    account: { id: 'u1', displayName: 'Amina Rahman', email: 'amina@example.test', photoURL: null },
    loading: false,
    isAdmin: false,
    adminLoading: false,
    signOut: async () => undefined,
  }),
}));

const orderId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const makeOrder = (n: number): Order => ({
  _id: orderId(n),
  productId: null,
  name: 'Amina Rahman',
  email: 'amina@example.test',
  productName: `Product ${n}`,
  quantity: 2,
  phone: '01712345678',
  address: 'Farm road',
  img: '/images/products/garden-hoe.svg',
  price: 10,
  total: 20,
  paid: false,
});

/**
 * A stand-in for the paged list calls (docs/decisions/007): `pageSize` rows per answer and,
 * while more follow, `Link: </api/...&limit=&offset=>; rel="next"`, as the server does.
 */
let rows: Order[];
let pageSize: number;
let fetchMock: ReturnType<typeof vi.fn>;
let hold: Promise<void> | null;
const listCalls = () =>
  fetchMock.mock.calls
    .map(([url, init]) => [String(url), init as RequestInit] as const)
    .filter(([, init]) => (init.method ?? 'GET') === 'GET');

beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token-1');
  hold = null;
  pageSize = 3;
  rows = Array.from({ length: 5 }, (_, index) => makeOrder(index + 1));
  fetchMock = vi.fn(async (input: string, init: RequestInit) => {
    const url = new URL(input, window.location.origin);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init.method === 'DELETE') {
      rows = rows.filter((order) => !url.pathname.endsWith(order._id));
      return json({ deletedCount: 1 });
    }
    if (url.pathname !== '/api/orders' && url.pathname !== '/api/order') return json({}, 404);
    if (hold && url.searchParams.has('offset')) await hold;
    return pagedAnswer(url, rows, pageSize);
  });
  vi.stubGlobal('fetch', fetchMock);
  toastMock.success.mockReset();
  toastMock.error.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const loadMore = () => screen.queryByRole('button', { name: /load more/i });

describe('My Orders', () => {
  const cards = () => screen.queryAllByRole('article', { name: /^Order / });

  it('shows Load more only while the server names a next page, and appends that page', async () => {
    const user = userEvent.setup();
    renderPage(<MyOrdersPage />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(listCalls()[0]![0]).toBe('/api/order?email=amina%40example.test');

    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    await user.click(loadMore()!);
    // While the next page loads the button says so and cannot be pressed twice.
    const busy = screen.getByRole('button', { name: 'Loading more orders' });
    expect(busy).toBeDisabled();
    release();

    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(cards().map((card) => card.getAttribute('data-order-id'))).toEqual(rows.map((order) => order._id));
    expect(loadMore()).toBeNull();
    // The next page is the Link header's address, asked with the same Bearer token.
    const [url, init] = listCalls()[1]!;
    expect(url).toBe('/api/order?email=amina%40example.test&limit=3&offset=3');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
  });

  it('shows no Load more when everything fits on one page', async () => {
    pageSize = 100;
    renderPage(<MyOrdersPage />);
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(loadMore()).toBeNull();
  });

  it("still says 'You have no orders' when the list is empty", async () => {
    rows = [];
    renderPage(<MyOrdersPage />);
    expect(await screen.findByText(messages.noOrders)).toBeInTheDocument();
    expect(loadMore()).toBeNull();
  });

  it('cancels an order from a later page and reloads every loaded page', async () => {
    const user = userEvent.setup();
    renderPage(<MyOrdersPage />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(loadMore()!);
    await waitFor(() => expect(cards()).toHaveLength(5));

    const fifth = screen.getByRole('article', { name: `Order ${orderId(5)}` });
    await user.click(within(fifth).getByRole('button', { name: 'Cancel Order' }));
    await user.click(screen.getByRole('button', { name: messages.confirmYes }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.orderRemoved));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(screen.queryByRole('article', { name: `Order ${orderId(5)}` })).toBeNull();
  });
});

describe('Manage All Orders', () => {
  const bodyRows = () => screen.queryAllByRole('row').filter((row) => row.hasAttribute('data-order-id'));

  it('shows Load more under the table only with a next page and appends it', async () => {
    const user = userEvent.setup();
    renderPage(<ManageOrdersPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(listCalls()[0]![0]).toBe('/api/orders');
    await user.click(loadMore()!);
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(screen.getByText('Product 5')).toBeInTheDocument();
    expect(loadMore()).toBeNull();
    expect(listCalls()[1]![0]).toBe('/api/orders?limit=3&offset=3');
  });

  it('shows no Load more when the first page is the only one', async () => {
    rows = rows.slice(0, 3);
    renderPage(<ManageOrdersPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(loadMore()).toBeNull();
  });

  it('goes home on a 403', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Administrators only' } }), {
          status: 403,
        }),
    );
    const router = renderPage(<ManageOrdersPage />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('keeps the loaded rows and offers Load more again when the next page fails', async () => {
    const user = userEvent.setup();
    renderPage(<ManageOrdersPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }), {
          status: 500,
        }),
    );
    await user.click(loadMore()!);
    expect(await screen.findByText('Could not load more orders: Something went wrong')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(3);
    await user.click(loadMore()!);
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
  });
});
