import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import AddProductPage from './add-product-page.tsx';
import AddReviewPage from './add-review-page.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));
vi.mock('../../../lib/auth.tsx', () => ({
  useAuth: () => ({
    account: { id: 'u1', displayName: 'Amina Rahman', email: 'amina@example.test', photoURL: null },
    loading: false,
    isAdmin: false,
    adminLoading: false,
    signOut: async () => undefined,
  }),
}));

let fetchMock: ReturnType<typeof vi.fn>;
let answer: { status: number; body: unknown };
beforeEach(() => {
  answer = { status: 201, body: { insertedId: '55555555-5555-4555-8555-555555555555' } };
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  toastMock.success.mockReset();
  toastMock.error.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/form', element },
      { path: '/home', element: <p>Home page</p> },
    ],
    { initialEntries: ['/form'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const sentBody = () => JSON.parse(String((fetchMock.mock.calls[0]![1] as RequestInit).body)) as unknown;

describe('Write a Review', () => {
  it('shows the read-only name of the signed-in account', () => {
    renderAt(<AddReviewPage />);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Amina Rahman');
    expect(name).toHaveAttribute('readonly');
  });

  it("shows the spec's two messages on bad input and sends nothing", async () => {
    const user = userEvent.setup();
    renderAt(<AddReviewPage />);
    await user.type(screen.getByLabelText('Rating'), '6');
    await user.click(screen.getByLabelText('Comment'));
    await user.paste('a'.repeat(151));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.ratingRange)).toBeInTheDocument();
    expect(screen.getByText(messages.commentTooLong)).toBeInTheDocument();
    expect(screen.getByLabelText('Rating')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a rating of at least 1 and a comment when both are empty', async () => {
    const user = userEvent.setup();
    renderAt(<AddReviewPage />);
    await user.type(screen.getByLabelText('Rating'), '0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.ratingRange)).toBeInTheDocument();
    expect(screen.getByText(messages.commentTooLong)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends rating and comment, thanks the customer and goes home', async () => {
    const user = userEvent.setup();
    const router = renderAt(<AddReviewPage />);
    await user.type(screen.getByLabelText('Rating'), '5');
    await user.type(screen.getByLabelText('Comment'), 'Sharp blades, strong handles.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/review');
    expect(sentBody()).toEqual({ rating: 5, message: 'Sharp blades, strong handles.' });
    expect(toastMock.success).toHaveBeenCalledWith(messages.reviewAdded);
  });
});

describe('Add a Product', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('Product Name'), 'Steel Bow Rake');
    await user.type(screen.getByLabelText('Price (per unit)'), '21.75');
    await user.type(screen.getByLabelText('Stock'), '80');
    await user.type(screen.getByLabelText('Minimum Order'), '4');
    await user.type(screen.getByLabelText('Rating'), '4.5');
    await user.type(screen.getByLabelText('Image URL'), '/images/products/bow-rake.svg');
    await user.type(screen.getByLabelText('Description'), 'Sixteen forged tines.');
  };

  it('requires all seven fields and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt(<AddProductPage />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const text of [
      'Product Name is required',
      'Price (per unit) is required',
      'Stock is required',
      'Minimum Order is required',
      'Rating is required',
      'Image URL is required',
      'Description is required',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a negative stock and a script image address', async () => {
    const user = userEvent.setup();
    renderAt(<AddProductPage />);
    await fill(user);
    await user.clear(screen.getByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '-3');
    await user.clear(screen.getByLabelText('Image URL'));
    await user.type(screen.getByLabelText('Image URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Stock must be at least 0')).toBeInTheDocument();
    expect(screen.getByText('Must be an http(s) URL or a site path')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds the product, says so and resets the form', async () => {
    const user = userEvent.setup();
    renderAt(<AddProductPage />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.productAdded));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/product');
    expect(sentBody()).toEqual({
      name: 'Steel Bow Rake',
      price: 21.75,
      stock: 80,
      minOrder: 4,
      rating: 4.5,
      img: '/images/products/bow-rake.svg',
      description: 'Sixteen forged tines.',
    });
    await waitFor(() => expect(screen.getByLabelText('Product Name')).toHaveValue(''));
    expect(screen.getByLabelText('Price (per unit)')).toHaveValue(null);
  });

  it("says 'Operation Faild' when the server refuses and keeps the input", async () => {
    answer = { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Administrators only' } } };
    const user = userEvent.setup();
    renderAt(<AddProductPage />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith(messages.addProductFailed));
    expect(screen.getByLabelText('Product Name')).toHaveValue('Steel Bow Rake');
  });
});
