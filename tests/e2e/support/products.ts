import { randomBytes } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { ADMIN, bearerHeaders, signInAs } from './auth.ts';
import { inNewContext } from './context.ts';

/*
 * Products a story makes for itself through the admin API (POST /api/product), so that no
 * story depends on the demo catalogue or on stock that other stories (or earlier runs) took.
 *
 *   const product = await addProduct(browser, { price: 12.5, stock: 30, minOrder: 2 });
 */

export interface TestProduct {
  id: string;
  name: string;
  price: number;
  stock: number;
  minOrder: number;
}

/** Runs `run` with a page signed in as the seeded admin, in a context of its own. */
export function withAdmin<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  return inNewContext(browser, async (page) => {
    await signInAs(page, ADMIN);
    return run(page);
  });
}

/** A new product with a unique name (`namePrefix` + random hex) and the given figures. */
export async function addProduct(
  browser: Browser,
  { description, ...values }: { price: number; stock: number; minOrder: number; description?: string },
  namePrefix = 'Test tiller',
): Promise<TestProduct> {
  const name = `${namePrefix} ${randomBytes(3).toString('hex')}`;
  return withAdmin(browser, async (admin) => {
    const response = await admin.request.post('/api/product', {
      headers: await bearerHeaders(admin),
      data: {
        name,
        ...values,
        rating: 4,
        img: '/images/products/garden-hoe.svg',
        description:
          description ?? 'A hand tiller made for the browser stories: light, sharp and easy on the back.',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { insertedId } = (await response.json()) as { insertedId: string };
    return { id: insertedId, name, ...values };
  });
}
