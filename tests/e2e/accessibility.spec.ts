import type { Browser } from '@playwright/test';
import { DESKTOP, MOBILE, expect, test } from './fixtures.ts';
import { ADMIN, bearerHeaders, signInAs, signUpNewCustomer } from './support/auth.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { addProduct } from './support/products.ts';

// Axe on every page, signed out, as a customer and as an admin, at both
// widths; no serious or critical violation is allowed.

/** A product of the story's own, with stock to spare, so no other story can change its order. */
const ownProduct = (browser: Browser) =>
  addProduct(browser, { price: 14.5, stock: 50, minOrder: 2 }, 'A11y tiller');

for (const viewport of [DESKTOP, MOBILE]) {
  const width = `${viewport.width} px`;

  test(`signed-out pages have no serious accessibility violations at ${width}`, async ({ page, browser }) => {
    await page.setViewportSize(viewport);
    const { id: productId } = await ownProduct(browser);
    for (const path of ['/', '/blogs', '/myportfolio', '/login', '/signup', '/no-such-page']) {
      await page.goto(path);
      await expectNoSeriousViolations(page, `${path} signed out`);
    }
    // A protected page sends a visitor to the login card.
    await page.goto(`/placeorder/${productId}`);
    await expect(page).toHaveURL(/\/login$/);
  });

  test(`customer pages have no serious accessibility violations at ${width}`, async ({ page, browser }) => {
    await page.setViewportSize(viewport);
    const { id: productId, minOrder } = await ownProduct(browser);
    await signUpNewCustomer(page);
    const placed = await page.request.post('/api/order', {
      headers: await bearerHeaders(page),
      data: { productId, quantity: minOrder, phone: '01712345678', address: 'Road 4, Bogura' },
    });
    expect(placed.status()).toBe(201);
    const { insertedId } = (await placed.json()) as { insertedId: string };
    for (const path of [
      '/',
      '/dashboard',
      '/dashboard/myorders',
      '/dashboard/addreview',
      `/placeorder/${productId}`,
      `/dashboard/payment/${insertedId}`,
    ]) {
      await page.goto(path);
      await expectNoSeriousViolations(page, `${path} as customer`);
    }
  });

  test(`admin pages have no serious accessibility violations at ${width}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, ADMIN);
    for (const path of [
      '/dashboard',
      '/dashboard/makeAdmin',
      '/dashboard/manageOrders',
      '/dashboard/manageProducts',
      '/dashboard/addProduct',
    ]) {
      await page.goto(path);
      await expectNoSeriousViolations(page, `${path} as admin`);
    }
  });
}
