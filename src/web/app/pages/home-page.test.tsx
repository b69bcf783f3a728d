import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { Product } from '../../../shared/schemas/product.schema.ts';
import type { Review } from '../../../shared/schemas/review.schema.ts';
import HomePage from './home-page.tsx';
import { pathOf, sent, server } from '../../../../tests/support/msw.ts';
import { sampleProduct } from '../../../../tests/support/sample-product.ts';

const longDescription =
  'Drop-forged carbon steel hoe for weeding and shaping rows, built to cut cleanly through dry soil. ' +
  'THE-REST-IS-HIDDEN and never shown on the home page.';
const products: Product[] = [
  sampleProduct({ description: longDescription }),
  {
    _id: '22222222-2222-4222-8222-222222222222',
    name: 'Heavy-Duty Farm Wheelbarrow',
    price: 1249.99,
    stock: 1500,
    minOrder: 2,
    rating: 4,
    img: '/images/products/wheelbarrow.svg',
    description: 'Short text.',
  },
];
const reviews: Review[] = [
  {
    _id: '33333333-3333-4333-8333-333333333333',
    name: 'Amina Rahman',
    avatar: '/images/avatars/avatar-1.svg',
    message: 'The hoe is sharp and the handle is comfortable.',
    rating: 4,
  },
  {
    _id: '44444444-4444-4444-8444-444444444444',
    name: 'No Rating Farm',
    avatar: '',
    message: 'Older review without a rating.',
    rating: undefined as unknown as number,
  },
  {
    _id: '55555555-5555-4555-8555-555555555555',
    name: 'Pixel Farm',
    avatar: 'https://tracker.example/pixel.gif',
    message: 'Stored before avatars were checked.',
    rating: 5,
  },
];

beforeEach(() =>
  server.use(
    http.get<never, never, Product[]>('/api/products', () => HttpResponse.json(products)),
    http.get<never, never, Review[]>('/api/reviews', () => HttpResponse.json(reviews)),
  ),
);

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation().hook}>
        <HomePage />
      </Router>
    </QueryClientProvider>,
  );
}

describe('HomePage', () => {
  it("shows the sections in the spec's order", async () => {
    renderHome();
    await screen.findByText('Forged Steel Garden Hoe');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Our Products',
      messages.statsHeading,
      'Customer Reviews',
      'Our Other Services',
      messages.contactTitle,
    ]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('AgriTools');
    expect(screen.getByText(messages.tagline)).toBeInTheDocument();
  });

  it('shows each product with price, stock, minimum order and a 100-character preview', async () => {
    renderHome();
    const card = (await screen.findByRole('article', { name: 'Forged Steel Garden Hoe' })) as HTMLElement;
    const inCard = within(card);
    expect(inCard.getByText('$24.50')).toBeInTheDocument();
    expect(inCard.getByText('Stock').nextSibling).toHaveTextContent('340');
    expect(inCard.getByText('Minimum order').nextSibling).toHaveTextContent('10');
    expect(card).toHaveTextContent(longDescription.slice(0, 100));
    expect(card).not.toHaveTextContent('THE-REST-IS-HIDDEN');
    const image = inCard.getByRole('img', { name: 'Forged Steel Garden Hoe' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '300');

    const target = `/placeorder/${products[0]!._id}`;
    expect(inCard.getByRole('link', { name: /^See more/ })).toHaveAttribute('href', target);
    expect(inCard.getByRole('link', { name: /^Place Order/ })).toHaveAttribute('href', target);

    const second = screen.getByRole('article', { name: 'Heavy-Duty Farm Wheelbarrow' });
    expect(within(second).getByText('$1,249.99')).toBeInTheDocument();
    expect(within(second).getByText('1,500')).toBeInTheDocument();
  });

  it('shows the hard-coded statistics', async () => {
    renderHome();
    const band = screen.getByRole('region', { name: messages.statsHeading });
    for (const text of ['Revenue', '12M', 'dollars', '2020 to 2022', 'Customers', '4,200', 'up 40 (2%)']) {
      expect(band).toHaveTextContent(text);
    }
    for (const text of ['Shipment', '1,200+', 'down 90 (14%)']) expect(band).toHaveTextContent(text);
  });

  it('shows each review with avatar, name, rating (0 when missing) and message', async () => {
    // The carousel lays slides out from its measured width, which jsdom reports as 0.
    const offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth');
    Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1200 });
    onTestFinished(() => {
      if (offsetWidth) Object.defineProperty(HTMLElement.prototype, 'offsetWidth', offsetWidth);
    });
    renderHome();
    const section = screen.getByRole('region', { name: 'Customer Reviews' });
    expect((await within(section).findAllByText('Amina Rahman')).length).toBeGreaterThan(0);
    expect(within(section).getAllByText('Rating: 4 out of 5').length).toBeGreaterThan(0);
    expect(within(section).getAllByText('Rating: 0 out of 5').length).toBeGreaterThan(0);
    expect(within(section).getAllByText(reviews[0]!.message).length).toBeGreaterThan(0);
    const avatar = within(section).getAllByRole('img', { name: 'Avatar of No Rating Farm', hidden: true })[0];
    expect(avatar).toHaveAttribute('src', '/images/blank-avatar.svg');
    // A picture from any other host could be a tracking pixel: the default is shown instead.
    const pixel = within(section).getAllByRole('img', { name: 'Avatar of Pixel Farm', hidden: true })[0];
    expect(pixel).toHaveAttribute('src', '/images/blank-avatar.svg');
  });

  it("lists the four other services, each with a 'See more' label that does nothing", () => {
    renderHome();
    const section = screen.getByRole('region', { name: 'Our Other Services' });
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['IoT based farming', 'Climate Solution', 'Cattle Housing', 'Green House Setup']);
    expect(within(section).getAllByText('See more')).toHaveLength(4);
    expect(within(section).queryAllByRole('link')).toHaveLength(0);
    expect(within(section).queryAllByRole('button')).toHaveLength(0);
  });

  it('has a contact form with four labelled fields, no submit button and no call', async () => {
    renderHome();
    await screen.findByText('Forged Steel Garden Hoe');
    const form = screen.getByRole('form', { name: messages.contactTitle });
    for (const label of ['Name', 'Email', 'District']) {
      expect(within(form).getByLabelText(label).tagName).toBe('INPUT');
    }
    expect(within(form).getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(within(form).queryAllByRole('button')).toHaveLength(0);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(sent.map(pathOf).sort()).toEqual(['/api/products', '/api/reviews']);
  });
});
