import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../shared/schemas/category.schema.ts';
import type { CatalogueProduct } from '../../shared/schemas/product.schema.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { demoCategories, demoProducts } from './demo-data.ts';
import { seedDemo } from './seed.ts';

// The demo catalogue a newcomer sees on first start: every tool in a real category.
describe('the demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'development', SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('puts every demo product into its category, and the categories list counts them', async () => {
    const listed = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json<Category[]>();
    for (const { slug, name } of demoCategories) {
      const expected = demoProducts.filter((product) => product.category === slug).length;
      expect(expected, `${slug} holds a demo product`).toBeGreaterThan(0);
      expect(listed).toContainEqual(expect.objectContaining({ slug, name, productCount: expected }));
    }
    const sprayers = await t.app.inject({ method: 'GET', url: '/api/products?category=spraying' });
    expect(sprayers.json<CatalogueProduct[]>().map((product) => product.name)).toEqual([
      '16 L Knapsack Sprayer',
    ]);
  });

  it('seeds once: a second start adds neither products nor categories', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json<Category[]>();
    expect(await seedDemo(t.app.db)).toBe(false);
    const after = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json<Category[]>();
    expect(after).toEqual(before);
  });
});
