import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { bnMessages } from '../../../../shared/messages.bn.ts';
import type { Product, ProductInput } from '../../../../shared/schemas/product.schema.ts';
import type { Category } from '../../../../shared/schemas/category.schema.ts';
import AddProductPage from './add-product-page.tsx';
import EditProductPage from './edit-product-page.tsx';
import ManageProductsPage from './manage-products-page.tsx';
import { apiError, bodyOf, pagedJson, pathOf, sent, server } from '../../../../../tests/support/msw.ts';
import { renderPage } from '../../../../../tests/support/render-page.tsx';
import { loadPageWords, setLocale } from '../../../lib/i18n.ts';

const categories: Category[] = [
  {
    _id: '10000000-0000-4000-8000-000000000001',
    slug: 'uncategorised',
    name: 'Uncategorised',
    nameBn: null,
    productCount: 1,
  },
  {
    _id: '10000000-0000-4000-8000-000000000002',
    slug: 'hand-tools',
    name: 'Hand tools',
    nameBn: null,
    productCount: 4,
  },
  {
    _id: '10000000-0000-4000-8000-000000000003',
    slug: 'spraying',
    name: 'Spraying',
    nameBn: null,
    productCount: 2,
  },
];
/** What the form sent to be saved (the categories it read are not counted). */
const writes = () => sent.filter((request) => request.method !== 'GET');

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
});

beforeEach(() => server.use(http.get('/api/categories', () => HttpResponse.json(categories))));

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
    expect(writes()).toHaveLength(0);
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
    expect(writes()).toHaveLength(0);
  });

  it('adds the product, says so and resets the form', async () => {
    const user = userEvent.setup();
    renderPage(<AddProductPage />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.productAdded));
    expect(writes().map(pathOf)).toEqual(['/api/product']);
    expect(await bodyOf(writes()[0]!)).toEqual({
      name: 'Steel Bow Rake',
      price: 21.75,
      stock: 80,
      minOrder: 4,
      rating: 4.5,
      img: '/images/products/bow-rake.svg',
      description: 'Sixteen forged tines.',
      category: 'uncategorised',
      nameBn: '',
      descriptionBn: '',
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

  it("names the categories in the page's language: Bengali where a category has a Bengali name", async () => {
    server.use(
      http.get('/api/categories', () =>
        HttpResponse.json(
          categories.map((category, n) => (n === 2 ? { ...category, nameBn: 'স্প্রে' } : category)),
        ),
      ),
    );
    setLocale('bn');
    await loadPageWords();
    try {
      renderPage(<AddProductPage />);
      expect(await screen.findByRole('option', { name: 'স্প্রে' })).toHaveValue('spraying');
      expect(screen.getByRole('heading', { name: bnMessages.addAProduct })).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'Hand tools' })).toHaveValue('hand-tools');
    } finally {
      setLocale('en');
    }
  });
});

describe('Edit Product', () => {
  const id = '22222222-2222-4222-8222-222222222222';
  const stored = {
    _id: id,
    name: '16 L Knapsack Sprayer',
    price: 38.5,
    stock: 3,
    minOrder: 1,
    rating: 4.4,
    img: '/images/products/knapsack-sprayer.svg',
    description: 'Brass lance.',
    category: 'spraying',
    nameBn: 'ন্যাপস্যাক স্প্রে মেশিন',
    descriptionBn: null,
  };
  const at = `/dashboard/editProduct/${id}`;
  /** The product's stock on the server, which orders may change while the page is open. */
  let stockOnServer: number;
  beforeEach(() => {
    stockOnServer = stored.stock;
    server.use(
      http.get(`/api/product/${id}`, () => HttpResponse.json(stored)),
      // As the server does it: the stock moves by what the form changed (stock − stockWas).
      http.put<never, { stock: number; stockWas: number }>(`/api/product/${id}`, async ({ request }) => {
        const body = await request.json();
        stockOnServer += body.stock - body.stockWas;
        return HttpResponse.json({ modifiedCount: 1, stock: stockOnServer });
      }),
      http.get(`/api/product/${id}/images`, () => HttpResponse.json([])),
    );
  });
  const renderEdit = () => renderPage(<EditProductPage />, at, '/dashboard/editProduct/:productId');

  it('shows the product prefilled, its category chosen, and saves a restock and a new price', async () => {
    const user = userEvent.setup();
    renderEdit();
    expect(await screen.findByLabelText('Product Name')).toHaveValue('16 L Knapsack Sprayer');
    expect(screen.getByLabelText('Stock')).toHaveValue(3);
    stockOnServer = 1; // an order takes 2 while the admin types
    expect(screen.getByLabelText(messages.fieldProductNameBn)).toHaveValue('ন্যাপস্যাক স্প্রে মেশিন');
    expect(await screen.findByRole('option', { name: 'Spraying' })).toHaveProperty('selected', true);
    await user.clear(screen.getByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '250');
    await user.clear(screen.getByLabelText('Price (per unit)'));
    await user.type(screen.getByLabelText('Price (per unit)'), '36');
    await user.selectOptions(screen.getByLabelText('Category'), 'Hand tools');
    await user.type(screen.getByLabelText(messages.fieldDescriptionBn), 'পিতলের নল।');
    await user.click(screen.getByRole('button', { name: messages.saveChanges }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.productSaved));
    expect(writes().map((request) => `${request.method} ${pathOf(request)}`)).toEqual([
      `PUT /api/product/${id}`,
    ]);
    const { _id, ...fields } = stored;
    expect(_id).toBe(id);
    expect(await bodyOf(writes()[0]!)).toEqual({
      ...fields,
      stock: 250,
      stockWas: 3,
      price: 36,
      category: 'hand-tools',
      descriptionBn: 'পিতলের নল।',
    });
    // The form keeps what was saved, with the stock the product has now: the 247 added to what
    // the order left.
    await waitFor(() => expect(screen.getByLabelText('Stock')).toHaveValue(248));
    expect(screen.getByLabelText('Price (per unit)')).toHaveValue(36);
    // Saving again without touching the stock changes it by nothing.
    await user.click(screen.getByRole('button', { name: messages.saveChanges }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(await bodyOf(writes()[1]!)).toMatchObject({ stock: 248, stockWas: 248 });
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText('Stock')).toHaveValue(248);
  });

  it('on a Bengali page says in Bengali why the server refused the stock, and keeps what was typed', async () => {
    server.use(http.put(`/api/product/${id}`, () => apiError(409, 'CONFLICT', messages.stockTakenMeanwhile)));
    setLocale('bn');
    await loadPageWords();
    try {
      const user = userEvent.setup();
      renderEdit();
      await user.clear(await screen.findByLabelText(bnMessages.stock));
      await user.type(screen.getByLabelText(bnMessages.stock), '0');
      await user.click(screen.getByRole('button', { name: bnMessages.saveChanges }));
      await waitFor(() =>
        expect(toastMock.error).toHaveBeenCalledWith(expect.stringMatching(/^আপনি পণ্যটি খোলার পর/)),
      );
      expect(screen.getByLabelText(bnMessages.stock)).toHaveValue(0);
    } finally {
      setLocale('en');
    }
  });

  it('refuses a stock below zero with the Add a Product message and sends nothing', async () => {
    const user = userEvent.setup();
    renderEdit();
    await user.clear(await screen.findByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '-1');
    await user.click(screen.getByRole('button', { name: messages.saveChanges }));
    expect(await screen.findByText('Stock must be at least 0')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('says saved as soon as the server has the save, while the reads it changed reload behind it', async () => {
    // Once the save is sent, the product's own reads hang until the test lets them answer.
    let answerReads!: () => void;
    const readsMayAnswer = new Promise<void>((resolve) => (answerReads = resolve));
    let saveSent = false;
    const held = (body: JsonBodyType) => async () => {
      if (saveSent) await readsMayAnswer;
      return HttpResponse.json(body);
    };
    server.use(
      http.put(`/api/product/${id}`, () => {
        saveSent = true;
        return HttpResponse.json({ modifiedCount: 1, stock: 40 });
      }),
      http.get(`/api/product/${id}`, held(stored)),
      http.get(`/api/product/${id}/images`, held([])),
      http.get('/api/categories', held(categories)),
    );
    const user = userEvent.setup();
    renderEdit();
    await user.clear(await screen.findByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '40');
    await user.click(screen.getByRole('button', { name: messages.saveChanges }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.productSaved));
    // The product's reload was asked for (its first read, then this one) and is still waiting.
    await waitFor(() =>
      expect(
        sent.filter((request) => request.method === 'GET' && pathOf(request) === `/api/product/${id}`),
      ).toHaveLength(2),
    );
    answerReads();
  });

  it("shows the server's refusal and keeps the input", async () => {
    server.use(http.put(`/api/product/${id}`, () => apiError(404, 'NOT_FOUND', 'Product not found')));
    const user = userEvent.setup();
    renderEdit();
    await user.clear(await screen.findByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '9');
    await user.click(screen.getByRole('button', { name: messages.saveChanges }));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Product not found'));
    expect(screen.getByLabelText('Stock')).toHaveValue(9);
  });

  it('uploads a picture with its alternative text, then shows it as the one the shop shows', async () => {
    const hash = '0123456789abcdef0123456789abcdef';
    const url = `/media/products/${hash}-640w.webp`;
    const uploaded = {
      id: '33333333-3333-4333-8333-333333333333',
      url,
      srcset: `/media/products/${hash}-320w.webp 320w, ${url} 640w`,
      width: 640,
      height: 480,
      alt: 'Sprayer on a rice field',
    };
    let pictures: (typeof uploaded)[] = [];
    let received: FormData | undefined;
    server.use(
      http.get(`/api/product/${id}/images`, () => HttpResponse.json(pictures)),
      http.post(`/api/product/${id}/images`, async ({ request }) => {
        received = await request.formData();
        pictures = [uploaded];
        stored.img = url;
        return HttpResponse.json(uploaded, { status: 201 });
      }),
    );
    // The browser's own chooser would hide other files; the page checks them anyway.
    const user = userEvent.setup({ applyAccept: false });
    renderEdit();
    expect(await screen.findByText(messages.noPicturesYet)).toBeInTheDocument();
    // Stopped before sending: not a picture, then too large.
    const fileInput = screen.getByLabelText(messages.pictureFile);
    await user.upload(fileInput, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: messages.uploadPicture }));
    expect(await screen.findByText(messages.pictureWrongType)).toBeInTheDocument();
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(fileInput, huge);
    await user.click(screen.getByRole('button', { name: messages.uploadPicture }));
    expect(await screen.findByText(messages.pictureTooLarge)).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await user.upload(
      fileInput,
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'sprayer.jpg', { type: 'image/jpeg' }),
    );
    await user.type(screen.getByLabelText(messages.pictureAlt), 'Sprayer on a rice field');
    await user.click(screen.getByRole('button', { name: messages.uploadPicture }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.pictureUploaded));
    expect(received?.get('alt')).toBe('Sprayer on a rice field');
    // (jsdom's FormData does not carry the file's bytes faithfully to MSW; the API tests check those.)
    expect(received?.has('file')).toBe(true);
    const picture = await screen.findByRole('img', { name: 'Sprayer on a rice field' });
    expect(picture).toHaveAttribute('srcset', uploaded.srcset);
    expect(screen.getByText(messages.shownInShop)).toBeInTheDocument();
    // The form now holds the new address, so saving keeps the picture.
    await waitFor(() => expect(screen.getByLabelText('Image URL')).toHaveValue(url));
    stored.img = '/images/products/knapsack-sprayer.svg';
  });

  it("shows the server's refusal of a picture", async () => {
    server.use(
      http.post(`/api/product/${id}/images`, () =>
        apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The file is not a JPEG, PNG or WebP picture'),
      ),
    );
    const user = userEvent.setup();
    renderEdit();
    await user.upload(
      await screen.findByLabelText(messages.pictureFile),
      new File(['<svg/>'], 'logo.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: messages.uploadPicture }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      messages.pictureUploadFailed('The file is not a JPEG, PNG or WebP picture'),
    );
    expect(screen.getByRole('button', { name: messages.uploadPicture })).toBeEnabled();
  });

  it('says so when the product does not exist', async () => {
    server.use(http.get(`/api/product/${id}`, () => apiError(404, 'NOT_FOUND', 'Product not found')));
    renderEdit();
    expect(await screen.findByText(messages.productNotFound)).toHaveAttribute('role', 'alert');
    expect(screen.queryByLabelText('Product Name')).not.toBeInTheDocument();
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
    await waitFor(() => expect(router.pathname).toBe('/'));
  });
  it("says why a file was refused in the field's own words", async () => {
    server.use(
      http.post('/api/products/import', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'body: Missing column: description',
              details: [{ path: 'body', message: 'Missing column: description' }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage(<ManageProductsPage />);
    const importButton = await screen.findByRole('button', { name: messages.importCsv });
    await user.upload(screen.getByLabelText(messages.importCsvFile), new File(['name\nHoe\n'], 'p.csv'));
    await user.click(importButton);
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith(messages.importFailed('Missing column: description')),
    );
  });

  it('imports a CSV file as it is and shows what was added, updated and refused, line by line', async () => {
    server.use(
      http.post('/api/products/import', () =>
        HttpResponse.json({
          created: 2,
          updated: 1,
          refused: [{ line: 4, errors: ['stock: Too small: expected number to be >=0'] }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderPage(<ManageProductsPage />);
    const importButton = await screen.findByRole('button', { name: messages.importCsv });
    expect(importButton).toBeDisabled();
    const csv =
      'id,name,description,price,stock,min_order,rating,img\n,Hoe,Forged,12,5,1,4,https://x.test/h.png\n';
    await user.upload(screen.getByLabelText(messages.importCsvFile), new File([csv], 'products.csv'));
    await user.click(importButton);
    const report = await screen.findByRole('status', { name: '' });
    expect(report).toHaveTextContent(messages.importDone('2', '1'));
    expect(report).toHaveTextContent(messages.importRefused('1', true));
    expect(within(report).getByRole('row', { name: /4/ })).toHaveTextContent('stock: Too small');
    const request = sent.find((r) => r.method === 'POST')!;
    expect(request.headers.get('content-type')).toBe('text/csv');
    expect(await request.clone().text()).toBe(csv);
  });
});
