import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { Product } from '../../../shared/schemas/product.schema.ts';
import PlaceOrderPage from './place-order-page.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));
vi.mock('../../lib/auth-provider.tsx', () => ({
  useAuth: () => ({
    account: { id: 'u1', displayName: 'Rahim Uddin', email: 'rahim@example.test', photoURL: null },
    loading: false,
    isAdmin: false,
    adminLoading: false,
    signOut: async () => undefined,
  }),
}));

const product: Product = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Forged Steel Garden Hoe',
  price: 24.5,
  stock: 340,
  minOrder: 10,
  rating: 4.5,
  img: '/images/products/garden-hoe.svg',
  description: 'Drop-forged carbon steel hoe.',
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const body =
      init.method === 'POST'
        ? { insertedId: '55555555-5555-4555-8555-555555555555' }
        : url === `/api/product/${product._id}`
          ? product
          : null;
    return new Response(JSON.stringify(body ?? { error: { code: 'NOT_FOUND', message: 'Not found' } }), {
      status: body ? (init.method === 'POST' ? 201 : 200) : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  toastMock.success.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('Place order page', () => {
  it("sends the spec's order payload (section 7) plus productId, then goes to My Orders", async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        { path: '/placeorder/:productId', element: <PlaceOrderPage /> },
        { path: '/dashboard/myorders', element: <p>My Orders</p> },
      ],
      { initialEntries: [`/placeorder/${product._id}`] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.type(screen.getByLabelText('Phone'), '01712345678');
    await user.type(screen.getByLabelText('Address'), 'Village road, Bogura');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myorders'));
    expect(toastMock.success).toHaveBeenCalledWith(messages.orderPlaced);
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit).method === 'POST')!;
    expect(post[0]).toBe('/api/order');
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({
      productId: product._id,
      name: 'Rahim Uddin',
      email: 'rahim@example.test',
      productName: 'Forged Steel Garden Hoe',
      quantity: 12,
      phone: '01712345678',
      address: 'Village road, Bogura',
      img: '/images/products/garden-hoe.svg',
      price: 24.5,
    });
  });
});
