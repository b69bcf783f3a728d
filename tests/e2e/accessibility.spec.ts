import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { DESKTOP, MOBILE, expect, test } from './fixtures.ts';
import { ADMIN, bearerHeaders, signInAs, signUpNewCustomer } from './support/auth.ts';
import { addProduct } from './support/products.ts';

// Axe on every page, signed out, as a customer and as an admin, at both
// widths; no serious or critical violation is allowed.

async function expectNoSeriousViolations(page: Page, label: string) {
  // Let the page settle: lazy route chunks and their data.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).not.toBeEmpty();
  await expect(page.getByRole('status')).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

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
