import { expect, test } from './fixtures.ts';
import { bearerHeaders, signUpNewCustomer } from './support/auth.ts';
import { withAdmin } from './support/products.ts';

// HTML typed into names, reviews and products is shown as text, never run.
const NAME = '<img src=x onerror="window.__pwned=1">Rahim';
const MESSAGE = '<b>bold</b><script>window.__pwned=1</script> tines';
const PRODUCT = '<i>Hoe</i><svg onload="window.__pwned=1"></svg> deluxe';

test('HTML in a customer name, a review and a product name shows as text', async ({ page, browser }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await signUpNewCustomer(page, { name: NAME });
  const review = await page.request.post('/api/review', {
    headers: await bearerHeaders(page),
    data: { rating: 4, message: MESSAGE },
  });
  expect(review.status()).toBe(201);

  const insertedId = await withAdmin(browser, async (admin) => {
    const product = await admin.request.post('/api/product', {
      headers: await bearerHeaders(admin),
      data: {
        name: PRODUCT,
        price: 9.5,
        stock: 40,
        minOrder: 2,
        rating: 4,
        img: '/images/products/garden-hoe.svg',
        description: MESSAGE,
      },
    });
    expect(product.status()).toBe(201);
    return ((await product.json()) as { insertedId: string }).insertedId;
  });

  try {
    await page.goto('/');
    // The reviews carousel loads when it nears the viewport.
    await page.getByRole('heading', { name: 'Customer Reviews' }).scrollIntoViewIfNeeded();
    await expect(page.getByText(MESSAGE, { exact: true }).first()).toBeAttached();
    await expect(page.getByText(NAME, { exact: true }).first()).toBeAttached();
    await expect(page.getByText(PRODUCT, { exact: true }).first()).toBeVisible();
    // Nothing from the payloads became an element or ran.
    await expect(page.locator('main b, main script, main img[src="x"], main svg[onload]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    await page.goto('/dashboard');
    await expect(page.getByText(NAME).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  } finally {
    await withAdmin(browser, async (admin) =>
      admin.request.delete(`/api/product/${insertedId}`, { headers: await bearerHeaders(admin) }),
    );
  }
});
