import type { Product } from '../../src/shared/schemas/product.schema.ts';

/** A product as the API answers it, for the web component tests; `overrides` changes any field. */
export const sampleProduct = (overrides: Partial<Product> = {}): Product => ({
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Forged Steel Garden Hoe',
  price: 24.5,
  stock: 340,
  minOrder: 10,
  rating: 4.5,
  img: '/images/products/garden-hoe.svg',
  description: 'Drop-forged carbon steel hoe.',
  ...overrides,
});
