import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { OrderInput } from '../../../shared/schemas/order.schema.ts';
import type { Product } from '../../../shared/schemas/product.schema.ts';
import PlaceOrderPage from './place-order-page.tsx';
import { signIn } from '../../../../tests/support/auth-state.ts';
import { apiError, type ApiErrorBody, bodyOf, pathOf, sent, server } from '../../../../tests/support/msw.ts';
import { renderPage } from '../../../../tests/support/render-page.tsx';
import { sampleProduct } from '../../../../tests/support/sample-product.ts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));
vi.mock('../../lib/auth-provider.tsx', async () => ({
  useAuth: (await import('../../../../tests/support/auth-state.ts')).useFakeAuth,
}));

const product = sampleProduct();

let stock: number;
beforeEach(() => {
  signIn({ id: 'u1', displayName: 'Rahim Uddin', email: 'rahim@example.test', photoURL: null });
  stock = product.stock;
  server.use(
    http.get<{ id: string }, never, Product | ApiErrorBody>('/api/product/:id', ({ params }) =>
      params.id === product._id
        ? HttpResponse.json({ ...product, stock })
        : apiError(404, 'NOT_FOUND', 'Product not found'),
    ),
    http.post<never, OrderInput, { insertedId: string }>('/api/order', () =>
      HttpResponse.json({ insertedId: '55555555-5555-4555-8555-555555555555' }, { status: 201 }),
    ),
  );
  toastMock.success.mockReset();
});

/** Opens /placeorder/{id}; the router tells where the page went afterwards. */
async function openPage() {
  const router = renderPage(<PlaceOrderPage />, `/placeorder/${product._id}`, '/placeorder/:productId');
  const user = userEvent.setup();
  const quantity = await screen.findByLabelText('Quantity');
  await user.clear(quantity);
  await user.type(quantity, '12');
  await user.type(screen.getByLabelText('Phone'), '01712345678');
  await user.type(screen.getByLabelText('Address'), 'Village road, Bogura');
  return { router, placeOrder: () => user.click(screen.getByRole('button', { name: 'Place Order' })) };
}

describe('Place order page', () => {
  it("sends the spec's order payload (section 7) plus productId, then goes to My Orders", async () => {
    const { router, placeOrder } = await openPage();
    await placeOrder();

    await waitFor(() => expect(router.pathname).toBe('/dashboard/myorders'));
    expect(toastMock.success).toHaveBeenCalledWith(messages.orderPlaced);
    const post = sent.find((request) => request.method === 'POST')!;
    expect(pathOf(post)).toBe('/api/order');
    expect(await bodyOf(post)).toEqual({
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

  it("shows the server's 'Out of Stock' and the product's fresh stock when someone bought first", async () => {
    const { router, placeOrder } = await openPage();
    stock = 5;
    server.use(http.post('/api/order', () => apiError(409, 'CONFLICT', messages.outOfStock), { once: true }));
    await placeOrder();

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.outOfStock);
    const summary = screen.getByRole('article', { name: product.name });
    await waitFor(() => expect(within(summary).getByText('5')).toBeInTheDocument());
    expect(router.pathname).toBe(`/placeorder/${product._id}`);
    expect(toastMock.success).not.toHaveBeenCalled();
  });
});
