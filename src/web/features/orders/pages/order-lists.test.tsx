import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { bnMessages } from '../../../../shared/messages.bn.ts';
import { loadPageWords, setLocale } from '../../../lib/i18n.ts';
import type { Order } from '../../../../shared/schemas/order.schema.ts';
import ManageOrdersPage from './manage-orders-page.tsx';
import MyOrdersPage from './my-orders-page.tsx';
import { signIn } from '../../../../../tests/support/auth-state.ts';
import { apiError, pagedJson, pathOf, sent, server } from '../../../../../tests/support/msw.ts';
import { renderPage } from '../../../../../tests/support/render-page.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));
vi.mock('../../../lib/auth-provider.tsx', async () => ({
  useAuth: (await import('../../../../../tests/support/auth-state.ts')).useFakeAuth,
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

// The paged list calls as the server answers them (docs/decisions/007), and the cancel call.
let rows: Order[];
let pageSize: number;
let hold: Promise<void> | null;
const listCalls = () => sent.filter((request) => request.method === 'GET');

beforeEach(() => {
  signIn();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token-1');
  hold = null;
  pageSize = 3;
  rows = Array.from({ length: 5 }, (_, index) => makeOrder(index + 1));
  const list = async ({ request }: { request: Request }) => {
    if (hold && new URL(request.url).searchParams.has('offset')) await hold;
    return pagedJson(request, rows, pageSize);
  };
  server.use(
    http.get<never, never, Order[]>('/api/order', list),
    http.get<never, never, Order[]>('/api/orders', list),
    http.delete<{ id: string }, never, { deletedCount: number }>('/api/order/:id', ({ params }) => {
      rows = rows.filter((order) => order._id !== params.id);
      return HttpResponse.json({ deletedCount: 1 });
    }),
  );
  toastMock.success.mockReset();
  toastMock.error.mockReset();
});

const loadMore = () => screen.queryByRole('button', { name: /load more/i });

describe('My Orders', () => {
  const cards = () => screen.queryAllByRole('article', { name: /^Order / });

  it('shows Load more only while the server names a next page, and appends that page', async () => {
    const user = userEvent.setup();
    renderPage(<MyOrdersPage />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(pathOf(listCalls()[0]!)).toBe('/api/order?email=amina%40example.test');

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
    const next = listCalls()[1]!;
    expect(pathOf(next)).toBe('/api/order?email=amina%40example.test&limit=3&offset=3');
    expect(next.headers.get('authorization')).toBe('Bearer token-1');
  });

  it("links each card to the order's own page", async () => {
    renderPage(<MyOrdersPage />);
    const first = await screen.findByRole('article', { name: `Order ${orderId(1)}` });
    expect(within(first).getByRole('link', { name: messages.viewOrderOf(orderId(1)) })).toHaveAttribute(
      'href',
      `/dashboard/orders/${orderId(1)}`,
    );
  });

  it('offers Pay and Cancel Order only while the customer may still use them', async () => {
    rows = [
      { ...makeOrder(1), status: 'placed', paymentMethod: 'bank-transfer' },
      { ...makeOrder(2), status: 'processing', paymentMethod: 'cod' },
      { ...makeOrder(3), status: 'paid', paymentMethod: 'sslcommerz', paid: true },
    ];
    renderPage(<MyOrdersPage />);
    const card = async (n: number) =>
      within(await screen.findByRole('article', { name: `Order ${orderId(n)}` }));

    // Waiting for a transfer: the spec's Pay link and an active Cancel Order.
    const waiting = await card(1);
    expect(waiting.getByRole('link', { name: messages.pay })).toHaveAttribute(
      'href',
      `/dashboard/payment/${orderId(1)}`,
    );
    expect(waiting.getByRole('button', { name: messages.cancelOrder })).toBeEnabled();

    // Cash at the door, already being prepared: no Pay link (there is nothing to pay online)
    // and no cancelling (only an admin may stop it now).
    const cashAtTheDoor = await card(2);
    expect(cashAtTheDoor.queryByRole('link', { name: messages.pay })).toBeNull();
    expect(cashAtTheDoor.getByText(messages.methodCod)).toBeInTheDocument();
    expect(cashAtTheDoor.getByRole('button', { name: messages.cancelOrder })).toBeDisabled();

    // Paid: the spec's disabled Paid and Cancel Order.
    const paid = await card(3);
    expect(paid.getByRole('button', { name: messages.paid })).toBeDisabled();
    expect(paid.getByRole('button', { name: messages.cancelOrder })).toBeDisabled();
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

  it('on a Bengali page says in Bengali why the server refused to cancel', async () => {
    server.use(
      http.delete('/api/order/:id', () => apiError(409, 'CONFLICT', messages.paidOrderNotCancellable)),
    );
    setLocale('bn');
    await loadPageWords();
    try {
      const user = userEvent.setup();
      renderPage(<MyOrdersPage />);
      const [first] = await screen.findAllByRole('article');
      await user.click(within(first!).getByRole('button', { name: bnMessages.cancelOrder }));
      await user.click(screen.getByRole('button', { name: bnMessages.confirmYes }));
      await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('পরিশোধিত অর্ডার বাতিল করা যায় না'));
    } finally {
      setLocale('en');
    }
  });
});

describe('Manage All Orders', () => {
  const bodyRows = () => screen.queryAllByRole('row').filter((row) => row.hasAttribute('data-order-id'));

  it('shows Load more under the table only with a next page and appends it', async () => {
    const user = userEvent.setup();
    renderPage(<ManageOrdersPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(pathOf(listCalls()[0]!)).toBe('/api/orders');
    await user.click(loadMore()!);
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(screen.getByText('Product 5')).toBeInTheDocument();
    expect(loadMore()).toBeNull();
    expect(pathOf(listCalls()[1]!)).toBe('/api/orders?limit=3&offset=3');
  });

  it('shows no Load more when the first page is the only one', async () => {
    rows = rows.slice(0, 3);
    renderPage(<ManageOrdersPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(loadMore()).toBeNull();
  });

  it('goes home on a 403', async () => {
    server.use(http.get('/api/orders', () => apiError(403, 'FORBIDDEN', 'Administrators only')));
    const router = renderPage(<ManageOrdersPage />);
    await waitFor(() => expect(router.pathname).toBe('/'));
  });

  it('keeps the loaded rows and offers Load more again when the next page fails', async () => {
    const user = userEvent.setup();
    renderPage(<ManageOrdersPage />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    server.use(
      http.get('/api/orders', () => apiError(500, 'INTERNAL', 'Something went wrong'), { once: true }),
    );
    await user.click(loadMore()!);
    expect(await screen.findByText('Could not load more orders: Something went wrong')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(3);
    await user.click(loadMore()!);
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
  });
});
