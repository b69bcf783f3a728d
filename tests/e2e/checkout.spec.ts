import { readFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { messages } from '../../src/shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { bearerHeaders, signInAs, signUpNewCustomer } from './support/auth.ts';
import { inNewContext } from './support/context.ts';
import { addProduct as addTestProduct, withAdmin } from './support/products.ts';

// The cart, checkout and order lifecycle in the real built app (docs/decisions/017-019):
// a visitor's cart merges into the saved one on sign-in, a cash-on-delivery checkout is shipped
// and delivered by an admin, the customer follows it on the order page; online payment goes
// through the local SSLCommerz simulator. Every story adds its own products.

const addProduct = (browser: Browser, values: { price: number; stock: number; minOrder: number }) =>
  addTestProduct(browser, values, 'Checkout sprayer');

/** Mails in the e2e server's outbox addressed to `email` (the outbox sender writes them). */
function mailsTo(email: string): string[] {
  const folder = join(E2E_DATA_DIR, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(folder).filter((name) => name.startsWith('outbox-'));
  } catch {
    return [];
  }
  return files
    .map((name) => readFileSync(join(folder, name), 'utf8').replace(/=\r?\n/g, ''))
    .filter((raw) => raw.toLowerCase().includes(`to: ${email.toLowerCase()}`));
}

async function fillCheckout(page: Page, paymentLabel: RegExp) {
  await page.getByLabel('Phone').fill('01712345678');
  await page.getByLabel('Address').fill('House 4, College Road');
  await page.getByLabel(messages.deliveryDistrict).selectOption('Rajshahi');
  await page.getByRole('radio', { name: paymentLabel }).check();
}

test.describe('cart and checkout', () => {
  test('a visitor fills a cart, signs in, the carts merge, pays on delivery; an admin ships and delivers; the customer sees the timeline', async ({
    page,
    browser,
  }) => {
    const saved = await addProduct(browser, { price: 20, stock: 30, minOrder: 1 });
    const browsed = await addProduct(browser, { price: 7.5, stock: 50, minOrder: 3 });

    // The customer already has a saved cart from another device.
    const customer = await inNewContext(browser, async (other) => {
      const created = await signUpNewCustomer(other);
      const put = await other.request.put('/api/cart', {
        headers: await bearerHeaders(other),
        data: { items: [{ productId: saved.id, quantity: 2 }] },
      });
      expect(put.status()).toBe(200);
      return created;
    });

    // As a visitor on this device: Add to cart on the product's card puts its minimum order in.
    await page.goto('/');
    const add = page.getByRole('button', { name: `${messages.addToCart}: ${browsed.name}` });
    await expect(add).toBeEnabled();
    await add.click();
    await expect(page.getByRole('link', { name: messages.addedToCart })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: messages.yourCart })).toBeVisible();
    await expect(page.getByRole('heading', { name: browsed.name })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: messages.cartCount('3', false) })).toBeVisible();
    // The cart follows the order form's rules and words.
    await page.getByLabel('Quantity').fill('2');
    await expect(page.getByLabel('Quantity')).toHaveAccessibleDescription(messages.belowMinimumOrder);
    await expect(page.getByRole('button', { name: messages.checkout, exact: true })).toBeDisabled();
    await page.getByLabel('Quantity').fill('4');
    await expect(page.getByTestId('cart-total')).toHaveText('$30');

    // Signing in merges the two carts.
    await signInAs(page, customer, '/cart');
    await expect(nav.getByRole('link', { name: messages.cartCount('6', false) })).toBeVisible();
    await expect(page.getByRole('heading', { name: saved.name })).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText('$70');

    // Checkout, cash on delivery.
    await page.getByRole('link', { name: messages.checkout, exact: true }).click();
    await fillCheckout(page, /Cash on delivery/);
    await page.getByRole('button', { name: messages.placeCheckout }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Processing');
    const orderId = page.url().split('/').pop()!;
    // The page opens on the first product's order; the other one and the whole bill show too.
    const together = page.getByRole('region', { name: messages.sameCheckout });
    await expect(together.getByRole('link')).toHaveCount(1);
    await expect(together).toContainText(`${messages.checkoutTotalColon} $70`);
    await expect(nav.getByRole('link', { name: messages.cartCount('0', false) })).toBeVisible();

    // The admin finds it among the orders being processed, ships it and delivers it.
    await withAdmin(browser, async (admin) => {
      await admin.goto('/dashboard/manageOrders');
      await admin.getByLabel('Status').selectOption('processing');
      await admin.getByRole('link', { name: `View order ${orderId}` }).click();
      const move = admin.getByRole('form', { name: 'Move the order' });
      await move.getByLabel('Status').selectOption('shipped');
      await move.getByLabel('Carrier').fill('Sundarban Courier');
      await move.getByLabel('Tracking').fill('SC-4711');
      await move.getByRole('button', { name: 'Move to Shipped' }).click();
      await expect(admin.getByTestId('order-status')).toHaveText('Shipped');
      await admin
        .getByRole('form', { name: 'Move the order' })
        .getByRole('button', { name: 'Move to Delivered' })
        .click();
      await expect(admin.getByTestId('order-status')).toHaveText('Delivered');
    });

    // The customer sees the whole way on the order page.
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText('Delivered');
    const timeline = page.getByRole('list', { name: 'Order timeline' });
    await expect(timeline.getByRole('listitem')).toHaveCount(4);
    for (const status of ['Placed', 'Processing', 'Shipped', 'Delivered'])
      await expect(timeline.getByText(status, { exact: true })).toBeVisible();
    await expect(page.getByText('Sundarban Courier')).toBeVisible();

    // The invoice of the checkout downloads as a PDF.
    const [invoice] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download invoice' }).click(),
    ]);
    expect(invoice.suggestedFilename()).toMatch(/^agritools-invoice-[0-9a-f-]{36}\.pdf$/);
    const pdf = await readFile((await invoice.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // And the mails went out through the outbox: placed (one per checkout), shipped, delivered.
    await expect
      .poll(() => mailsTo(customer.email).map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? ''))
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('is placed'),
          expect.stringContaining('Shipped'),
          expect.stringContaining('Delivered'),
        ]),
      );
  });

  for (const button of ['Pay', 'Fail', 'Cancel'] as const)
    test(`paying online through the gateway: ${button}`, async ({ page, browser }) => {
      const product = await addProduct(browser, { price: 12.5, stock: 10, minOrder: 1 });
      await signUpNewCustomer(page);
      await page.evaluate(
        (id) => window.localStorage.setItem('cart', JSON.stringify([{ productId: id, quantity: 2 }])),
        product.id,
      );
      // The signed-in cart lives on the server: put it there as the app would.
      const put = await page.request.put('/api/cart', {
        headers: await bearerHeaders(page),
        data: { items: [{ productId: product.id, quantity: 2 }] },
      });
      expect(put.status()).toBe(200);
      await page.goto('/checkout');
      await fillCheckout(page, /SSLCommerz/);
      await page.getByRole('button', { name: messages.placeCheckout }).click();

      // The gateway's hosted page asks for the checkout's total.
      await expect(page.getByRole('heading', { name: 'SSLCommerz (simulator)' })).toBeVisible();
      await expect(page.getByTestId('amount')).toHaveText('25.00 USD');
      await page.getByRole('button', { name: button, exact: true }).click();

      await expect(page).toHaveURL(/\/dashboard\/payment\//);
      const outcome = {
        Pay: messages.paymentSucceeded,
        Fail: messages.paymentFailed,
        Cancel: messages.paymentCancelled,
      }[button];
      await expect(page.getByRole('status').filter({ hasText: outcome })).toBeVisible();
      if (button === 'Pay') {
        await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
        await expect(page.getByRole('button', { name: messages.payOnline })).toHaveCount(0);
      } else {
        // Still waiting: the page offers to pay again.
        await expect(page.getByRole('button', { name: messages.payOnline })).toBeVisible();
        await page.getByRole('button', { name: messages.payOnline }).click();
        await expect(page.getByRole('heading', { name: 'SSLCommerz (simulator)' })).toBeVisible();
        await page.getByRole('button', { name: 'Pay', exact: true }).click();
        await expect(page.getByRole('status').filter({ hasText: messages.paymentSucceeded })).toBeVisible();
      }
    });
});
