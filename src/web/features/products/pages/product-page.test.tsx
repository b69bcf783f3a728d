import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import ProductPage from './product-page.tsx';
import { apiError, server } from '../../../../../tests/support/msw.ts';
import { renderPage } from '../../../../../tests/support/render-page.tsx';
import { sampleProduct } from '../../../../../tests/support/sample-product.ts';

const product = sampleProduct();
const openPage = () => renderPage(<ProductPage />, `/product/${product._id}`, '/product/:productId');

beforeEach(() => server.use(http.get('/api/categories', () => HttpResponse.json([]))));

describe('Product page', () => {
  it('says that a product it could not load could not be loaded, and tries again when asked', async () => {
    let failing = true;
    server.use(
      http.get('/api/product/:id', () =>
        failing ? apiError(500, 'INTERNAL', 'Something went wrong') : HttpResponse.json(product),
      ),
    );
    openPage();
    expect(await screen.findByRole('heading', { name: messages.couldNotLoadProduct })).toBeInTheDocument();
    expect(screen.queryByText(messages.productNotFound)).toBeNull();

    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: messages.tryAgain }));
    expect(await screen.findByRole('heading', { name: product.name })).toBeInTheDocument();
  });

  it('says Product not found for a product the server does not know, with no Try again', async () => {
    server.use(http.get('/api/product/:id', () => apiError(404, 'NOT_FOUND', 'Product not found')));
    openPage();
    expect(await screen.findByRole('heading', { name: messages.productNotFound })).toBeInTheDocument();
    expect(screen.getByText(messages.productGone)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.tryAgain })).toBeNull();
    expect(screen.getByRole('link', { name: messages.allProducts })).toHaveAttribute('href', '/products');
  });
});
