import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { bnMessages } from '../../../../shared/messages.bn.ts';
import { loadPageWords, setLocale } from '../../../lib/i18n.ts';
import type { CheckoutAnswer, CheckoutInput } from '../../../../shared/schemas/order.schema.ts';
import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { signIn } from '../../../../../tests/support/auth-state.ts';
import { bodyOf, pathOf, sent, server } from '../../../../../tests/support/msw.ts';
import { sampleProduct } from '../../../../../tests/support/sample-product.ts';
import { renderPage } from '../../../../../tests/support/render-page.tsx';
import { cart } from '../cart-store.ts';
import CheckoutPage from './checkout-page.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));
vi.mock('../../../lib/auth-provider.tsx', async () => ({
  useAuth: (await import('../../../../../tests/support/auth-state.ts')).useFakeAuth,
}));

const product = sampleProduct({ name: 'Knapsack Sprayer 16 l', price: 7.5, stock: 50, minOrder: 2 });
const orderId = '55555555-5555-4555-8555-555555555555';

beforeEach(() => {
  signIn({ id: 'u1', displayName: 'Rahim Uddin', email: 'rahim@example.test', photoURL: null });
  cart.remove(product._id);
  cart.add(product._id, 4);
  server.use(
    http.get('/api/product/:id', () => HttpResponse.json<Product>(product)),
    http.get('/api/checkout/options', () =>
      HttpResponse.json({ paymentMethods: ['cod', 'bank-transfer'], districts: [] }),
    ),
    http.post<never, CheckoutInput, CheckoutAnswer>('/api/checkout', () =>
      HttpResponse.json({ checkoutId: orderId, orderIds: [orderId] }, { status: 201 }),
    ),
  );
  toastMock.success.mockReset();
});

describe('Checkout page', () => {
  it('shows the shared schema’s words beside each field it refuses, and sends nothing', async () => {
    renderPage(<CheckoutPage />, '/checkout');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: messages.placeCheckout }));

    expect(await screen.findByText(messages.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.addressRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.districtRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(messages.phone)).toHaveAccessibleDescription(messages.phoneRequired);
    expect(screen.getByLabelText(messages.deliveryDistrict)).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText(messages.phone), '12345');
    await user.click(screen.getByRole('button', { name: messages.placeCheckout }));
    expect(await screen.findByText(messages.phonePattern)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('sends the cart with the form and opens the new order', async () => {
    const router = renderPage(<CheckoutPage />, '/checkout');
    const user = userEvent.setup();
    const summary = screen.getByRole('complementary', { name: messages.orderSummary });
    await waitFor(() =>
      expect(within(summary).getByText(`${messages.total}:`, { exact: false })).toHaveTextContent('$30'),
    );

    await user.type(screen.getByLabelText(messages.phone), '01712345678');
    await user.type(screen.getByLabelText(messages.address), 'House 4, College Road');
    await user.selectOptions(screen.getByLabelText(messages.deliveryDistrict), 'Rajshahi');
    await user.click(screen.getByRole('radio', { name: messages.methodBankTransfer }));
    await user.click(screen.getByRole('button', { name: messages.placeCheckout }));

    await waitFor(() => expect(router.pathname).toBe(`/dashboard/orders/${orderId}`));
    expect(toastMock.success).toHaveBeenCalledWith(messages.checkoutPlaced);
    const post = sent.find((request) => request.method === 'POST')!;
    expect(pathOf(post)).toBe('/api/checkout');
    expect(await bodyOf(post)).toEqual({
      phone: '01712345678',
      address: 'House 4, College Road',
      district: 'Rajshahi',
      paymentMethod: 'bank-transfer',
      items: [{ productId: product._id, quantity: 4 }],
    });
    expect(cart.items()).toEqual([]);
  });

  it('names the districts in Bengali on a Bengali page, in Bengali order, and still sends the English name', async () => {
    setLocale('bn');
    await loadPageWords();
    try {
      renderPage(<CheckoutPage />, '/checkout');
      const user = userEvent.setup();
      const select = await screen.findByLabelText(bnMessages.deliveryDistrict);
      const names = within(select)
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.textContent);
      expect(names).toHaveLength(64);
      expect(names).toContain('রাজশাহী');
      expect(names).not.toContain('Rajshahi');
      expect(names).toEqual([...names].sort((a, b) => a!.localeCompare(b!, 'bn')));
      await user.selectOptions(select, 'রাজশাহী');
      expect(select).toHaveValue('Rajshahi');
    } finally {
      setLocale('en');
    }
  });
});
