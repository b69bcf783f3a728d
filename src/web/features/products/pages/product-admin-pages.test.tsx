import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import type { Product, ProductInput } from '../../../../shared/schemas/product.schema.ts';
import AddProductPage from './add-product-page.tsx';
import ManageProductsPage from './manage-products-page.tsx';
import { apiError, bodyOf, pagedJson, pathOf, sent, server } from '../../../../../tests/support/msw.ts';
import { renderPage } from '../../../../../tests/support/render-page.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
});

describe('Add a Product', () => {
  beforeEach(() =>
    server.use(
      http.post<never, ProductInput, { insertedId: string }>('/api/product', () =>
        HttpResponse.json({ insertedId: '55555555-5555-4555-8555-555555555555' }, { status: 201 }),
      ),
    ),
  );
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
    renderPage(<AddProductPage />);
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
    expect(sent).toHaveLength(0);
  });

  it('refuses a negative stock and a script image address', async () => {
    const user = userEvent.setup();
    renderPage(<AddProductPage />);
    await fill(user);
    await user.clear(screen.getByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '-3');
    await user.clear(screen.getByLabelText('Image URL'));
    await user.type(screen.getByLabelText('Image URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Stock must be at least 0')).toBeInTheDocument();
    expect(screen.getByText('Must be an http(s) URL or a site path')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('adds the product, says so and resets the form', async () => {
    const user = userEvent.setup();
    renderPage(<AddProductPage />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.productAdded));
    expect(sent.map(pathOf)).toEqual(['/api/product']);
    expect(await bodyOf(sent[0]!)).toEqual({
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
    server.use(http.post('/api/product', () => apiError(403, 'FORBIDDEN', 'Administrators only')));
    const user = userEvent.setup();
    renderPage(<AddProductPage />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith(messages.addProductFailed));
    expect(screen.getByLabelText('Product Name')).toHaveValue('Steel Bow Rake');
  });
});

describe('Manage Products', () => {
  const productId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const makeProduct = (n: number): Product => ({
    _id: productId(n),
    name: `Tool ${n}`,
    price: 10 + n,
    stock: 100,
    minOrder: 1,
    rating: 4,
    img: '/images/products/garden-hoe.svg',
    description: 'A tool.',
  });
  // A stand-in for GET /api/products paged like the server (docs/decisions/007), and DELETE.
  let catalogue: Product[];
  let pageSize: number;
  beforeEach(() => {
    pageSize = 3;
    catalogue = [1, 2, 3, 4, 5].map(makeProduct);
    server.use(
      http.get<never, never, Product[]>('/api/products', ({ request }) =>
        pagedJson(request, catalogue, pageSize),
      ),
      http.delete<{ id: string }, never, { deletedCount: number }>('/api/product/:id', ({ params }) => {
        catalogue = catalogue.filter((product) => product._id !== params.id);
        return HttpResponse.json({ deletedCount: 1 });
      }),
    );
  });

  const productRows = () => screen.queryAllByRole('row').slice(1);
  const loadMore = () => screen.queryByRole('button', { name: /load more/i });

  it('shows Load more only with a next page and appends the next page under the table', async () => {
    const user = userEvent.setup();
    renderPage(<ManageProductsPage />);
    await waitFor(() => expect(productRows()).toHaveLength(3));
    expect(screen.getByText('First 3 products of the catalogue')).toBeInTheDocument();
    await user.click(loadMore()!);
    await waitFor(() => expect(productRows()).toHaveLength(5));
    expect(within(productRows()[4]!).getByRole('rowheader')).toHaveTextContent('5');
    expect(productRows()[4]).toHaveTextContent('Tool 5');
    expect(loadMore()).toBeNull();
    expect(screen.getByText('5 products in the catalogue')).toBeInTheDocument();
    expect(sent.map(pathOf)).toEqual(['/api/products', '/api/products?limit=3&offset=3']);
  });

  it('shows no Load more when the whole catalogue fits on one page', async () => {
    pageSize = 100;
    renderPage(<ManageProductsPage />);
    await waitFor(() => expect(productRows()).toHaveLength(5));
    expect(loadMore()).toBeNull();
  });

  it('removes a product from a later page after the confirmation', async () => {
    const user = userEvent.setup();
    renderPage(<ManageProductsPage />);
    await waitFor(() => expect(productRows()).toHaveLength(3));
    await user.click(loadMore()!);
    await waitFor(() => expect(productRows()).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: 'Remove Tool 4' }));
    await user.click(screen.getByRole('button', { name: messages.confirmYes }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.productRemoved));
    await waitFor(() => expect(productRows()).toHaveLength(4));
    expect(screen.queryByText('Tool 4')).toBeNull();
    expect(screen.getByText('Tool 5')).toBeInTheDocument();
  });

  it('goes home on a 403', async () => {
    server.use(http.get('/api/products', () => apiError(403, 'FORBIDDEN', 'Administrators only')));
    const router = renderPage(<ManageProductsPage />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
