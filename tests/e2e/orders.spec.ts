import type { Browser, Locator, Page } from '@playwright/test';
import { messages } from '../../src/shared/messages.ts';
import { DESKTOP, MOBILE, expect, test } from './fixtures.ts';
import { bearerHeaders, signUpNewCustomer } from './support/auth.ts';
import { inNewContext } from './support/context.ts';
import { addProduct as addOrderProduct, withAdmin, type TestProduct } from './support/products.ts';

// Placing, paying, cancelling and managing orders in the real built app.
// Each story adds its own product through the admin API, so parallel stories never share stock.

const addProduct = (browser: Browser, values: { price: number; stock: number; minOrder: number }) =>
  addOrderProduct(browser, values, 'Order test tiller');

async function stockOf(page: Page, productId: string): Promise<number> {
  const response = await page.request.get(`/api/product/${productId}`);
  return ((await response.json()) as { stock: number }).stock;
}

async function placeOrderThroughApi(page: Page, product: TestProduct, quantity: number): Promise<string> {
  const response = await page.request.post('/api/order', {
    headers: await bearerHeaders(page),
    data: { productId: product.id, quantity, phone: '01712345678', address: 'Farm road 7, Dinajpur' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

test.describe('orders', () => {
  test('customer places an order, sees it in My Orders, opens the payment page and cancels it', async ({
    page,
    browser,
  }) => {
    const product = await addProduct(browser, { price: 12.5, stock: 8, minOrder: 2 });
    const customer = await signUpNewCustomer(page, { name: 'Rahim Farmer' }, `/placeorder/${product.id}`);

    // The product and the form.
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    const summary = page.getByRole('article', { name: product.name });
    await expect(summary).toContainText('Price per unit$12.50');
    await expect(summary).toContainText('Stock8');
    await expect(summary).toContainText('Minimum order2');
    await expect(page.getByLabel('Name')).toHaveValue(customer.name);
    await expect(page.getByLabel('Name')).not.toBeEditable();
    await expect(page.getByLabel('Email')).toHaveValue(customer.email);
    await expect(page.getByLabel('Email')).not.toBeEditable();

    // Quantity starts at 0: below the minimum, so Place Order is disabled.
    const quantity = page.getByLabel('Quantity');
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    await expect(quantity).toHaveValue('0');
    await expect(quantity).toHaveAttribute('max', '9');
    await expect(page.getByText(messages.belowMinimumOrder)).toBeVisible();
    await expect(placeOrder).toBeDisabled();

    await quantity.fill('9');
    await expect(page.getByText(messages.outOfStock)).toBeVisible();
    await expect(page.getByText(messages.belowMinimumOrder)).toHaveCount(0);
    await expect(placeOrder).toBeDisabled();

    await quantity.fill('3');
    await expect(page.getByText(messages.outOfStock)).toHaveCount(0);
    await expect(placeOrder).toBeEnabled();

    // Phone: required, then the pattern (revalidated as the customer types).
    await page.getByLabel('Address').fill('Farm road 7, Dinajpur');
    await placeOrder.click();
    await expect(page.getByText(messages.phoneRequired)).toBeVisible();
    await page.getByLabel('Phone').fill('12345');
    await expect(page.getByText(messages.phonePattern)).toBeVisible();
    await page.getByLabel('Phone').fill('+8801712345678');
    await expect(page.getByText(messages.phonePattern)).toHaveCount(0);
    await placeOrder.click();

    await expect(page.getByText(messages.orderPlaced)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    expect(await stockOf(page, product.id)).toBe(5);

    // My Orders: one card with the right total (3 x $12.50).
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    const card = page.getByRole('article', { name: /^Order / });
    await expect(card).toHaveCount(1);
    const orderId = await card.getAttribute('data-order-id');
    expect(orderId).toBeTruthy();
    await expect(card).toContainText(`Order ID${orderId}`);
    await expect(card).toContainText(`Product Name${product.name}`);
    await expect(card).toContainText('Quantity3');
    await expect(card).toContainText('Total bill$37.50');
    await expect(card).toContainText(`Email${customer.email}`);
    await expect(card).toContainText('Phone+8801712345678');
    await expect(card).toContainText('AddressFarm road 7, Dinajpur');
    await expect(card.getByRole('img', { name: product.name })).toBeVisible();

    // The payment page names the order and, since it is ours, its total.
    await card.getByRole('link', { name: 'Pay' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
    await expect(page.getByRole('heading', { name: messages.pleasePayFor(orderId!) })).toBeVisible();
    await expect(page.getByText('Total bill: $37.50')).toBeVisible();
    await expect(page.getByText(/Bank transfer/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to My Orders' }).click();

    // Cancel: 'No' keeps the order; 'Yes, I am sure' removes it and returns the stock.
    await card.getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = page.getByRole('dialog', { name: messages.confirmDelete });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: messages.confirmNo }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Cancel Order' }).click();
    await dialog.getByRole('button', { name: messages.confirmYes }).click();
    await expect(page.getByText(messages.orderRemoved)).toBeVisible();
    await expect(page.getByText(messages.noOrders)).toBeVisible();
    expect(await stockOf(page, product.id)).toBe(8);
  });

  test('admin marks an order paid and the customer then sees Paid with Cancel disabled', async ({
    page,
    browser,
  }) => {
    const product = await addProduct(browser, { price: 7.25, stock: 20, minOrder: 1 });
    const customer = await signUpNewCustomer(page);
    const orderId = await placeOrderThroughApi(page, product, 4);

    await withAdmin(browser, async (admin) => {
      await admin.goto('/dashboard/manageOrders');
      await expect(admin.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
      const row = admin.locator(`tr[data-order-id="${orderId}"]`);
      await expect(row).toContainText(customer.name);
      await expect(row).toContainText(customer.email);
      await expect(row).toContainText('01712345678');
      await expect(row).toContainText('Farm road 7, Dinajpur');
      await expect(row).toContainText(product.name);
      await expect(row).toContainText('$29');
      await expect(row).toContainText('Unpaid');
      await row.getByRole('button', { name: `Mark order ${orderId} paid` }).click();
      await expect(row.getByText(messages.paid, { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: /Mark order/ })).toHaveCount(0);
    });

    await page.goto('/dashboard/myorders');
    const card = page.locator(`[data-order-id="${orderId}"]`);
    await expect(card.getByRole('button', { name: messages.paid })).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Cancel Order' })).toBeDisabled();
    await expect(card.getByRole('link', { name: 'Pay' })).toHaveCount(0);
    await page.goto(`/dashboard/payment/${orderId}`);
    await expect(page.getByRole('heading', { name: messages.pleasePayFor(orderId) })).toBeVisible();
  });

  test('admin removes an order through the confirmation modal and the stock comes back', async ({
    page,
    browser,
  }) => {
    const product = await addProduct(browser, { price: 3, stock: 10, minOrder: 1 });
    await signUpNewCustomer(page);
    const orderId = await placeOrderThroughApi(page, product, 6);
    expect(await stockOf(page, product.id)).toBe(4);

    await withAdmin(browser, async (admin) => {
      await admin.goto('/dashboard/manageOrders');
      const row = admin.locator(`tr[data-order-id="${orderId}"]`);
      await row.getByRole('button', { name: `Remove order ${orderId}` }).click();
      await admin
        .getByRole('dialog', { name: messages.confirmDelete })
        .getByRole('button', { name: messages.confirmYes })
        .click();
      await expect(admin.getByText(messages.orderRemoved)).toBeVisible();
      await expect(row).toHaveCount(0);
    });
    expect(await stockOf(page, product.id)).toBe(10);
    await page.goto('/dashboard/myorders');
    await expect(page.getByText(messages.noOrders)).toBeVisible();
  });

  test("the place-order page shows its product before the page's code has run", async ({ browser }) => {
    const product = await addProduct(browser, { price: 7.25, stock: 30, minOrder: 3 });
    // The server draws the product into the page (docs/decisions/021): a phone paints it while
    // the code, the session check and the product request are still on their way.
    await inNewContext(
      browser,
      async (page) => {
        await page.goto(`/placeorder/${product.id}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Place Order' })).toBeVisible();
        const summary = page.getByRole('article', { name: product.name });
        await expect(summary.getByRole('img', { name: product.name })).toBeVisible();
        await expect(summary).toContainText('Price per unit$7.25');
        await expect(summary).toContainText('Stock30');
        await expect(summary).toContainText('Minimum order3');
      },
      { javaScriptEnabled: false },
    );
  });

  test('the order page explains an unknown product and a sold-out race', async ({ page, browser }) => {
    await signUpNewCustomer(page, {}, '/placeorder/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to products' })).toBeVisible();

    // Someone else buys the last units between loading the page and pressing Place Order.
    const product = await addProduct(browser, { price: 5, stock: 3, minOrder: 1 });
    await page.goto(`/placeorder/${product.id}`);
    await page.getByLabel('Phone').fill('01712345678');
    await page.getByLabel('Address').fill('Mill lane 2, Khulna');
    await page.getByLabel('Quantity').fill('3');
    await placeOrderThroughApi(page, product, 2);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.outOfStock })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/placeorder/${product.id}$`));
  });

  test("on a phone the order pages fit the screen and the admin's tables show each row's buttons", async ({
    page,
    browser,
  }) => {
    const product = await addProduct(browser, { price: 19.99, stock: 50, minOrder: 1 });
    await signUpNewCustomer(page);
    const orderId = await placeOrderThroughApi(page, product, 2);
    await page.setViewportSize(MOBILE);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    for (const path of ['/dashboard/myorders', `/placeorder/${product.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: /My Orders|Place Order/ }).first()).toBeVisible();
      expect(await overflow(), path).toBeLessThanOrEqual(0);
    }

    await withAdmin(browser, async (admin) => {
      await admin.setViewportSize(MOBILE);
      // Each order is a card there, still a table row to a screen reader: its buttons are on
      // the screen, not behind a sideways scroll.
      const onScreen = async (control: Locator, width = MOBILE.width) => {
        await expect(control).toBeVisible();
        const box = (await control.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      };
      await admin.goto('/dashboard/manageOrders');
      const row = admin.getByRole('row').filter({ hasText: orderId });
      await expect(row.getByRole('cell', { name: product.name })).toBeVisible();
      await onScreen(row.getByRole('button', { name: messages.markOrderPaid(orderId) }));
      await onScreen(row.getByRole('button', { name: messages.removeOrder(orderId) }));
      await admin.goto('/dashboard/manageProducts');
      const productRow = admin.getByRole('row').filter({ hasText: product.name });
      await onScreen(productRow.getByRole('link', { name: messages.editProductNamed(product.name) }));
      await onScreen(productRow.getByRole('button', { name: messages.removeProduct(product.name) }));
      expect(
        await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      // On a laptop the orders stay a table, its last column in sight beside the dashboard menu,
      // in Bengali too, whose words are longer.
      await admin.setViewportSize(DESKTOP);
      for (const path of ['/dashboard/manageOrders', '/bn/dashboard/manageOrders']) {
        await admin.goto(path);
        const laptopRow = admin.getByRole('row').filter({ hasText: orderId });
        await onScreen(laptopRow.getByRole('button', { name: /./ }).last(), DESKTOP.width);
      }
    });
  });

  test('a customer with more than a page of orders reaches the oldest through Load more', async ({
    page,
    browser,
  }) => {
    // Lists answer 100 rows a page with a Link rel="next" (docs/decisions/007).
    const product = await addProduct(browser, { price: 2.5, stock: 500, minOrder: 1 });
    await signUpNewCustomer(page);
    const ids: string[] = [];
    for (let index = 0; index < 101; index += 1) ids.push(await placeOrderThroughApi(page, product, 1));
    const oldest = ids[0]!;

    await page.goto('/dashboard/myorders');
    const cards = page.getByRole('article', { name: /^Order / });
    await expect(cards).toHaveCount(100);
    await expect(page.getByRole('article', { name: `Order ${oldest}` })).toHaveCount(0);
    const loadMore = page.getByRole('button', { name: 'Load more orders' });
    await loadMore.click();
    await expect(cards).toHaveCount(101);
    await expect(page.getByRole('article', { name: `Order ${oldest}` })).toBeVisible();
    await expect(loadMore).toHaveCount(0);

    // The admin's table reaches it the same way (other stories' orders may come first).
    await withAdmin(browser, async (admin) => {
      await admin.goto('/dashboard/manageOrders');
      const row = admin.locator(`tr[data-order-id="${oldest}"]`);
      await expect(admin.locator('tbody tr').first()).toBeVisible();
      for (let pageNumber = 0; pageNumber < 10 && (await row.count()) === 0; pageNumber += 1) {
        const more = admin.getByRole('button', { name: 'Load more orders' });
        await expect(more).toBeVisible();
        const before = await admin.locator('tbody tr').count();
        await more.click();
        await expect.poll(() => admin.locator('tbody tr').count()).toBeGreaterThan(before);
      }
      await expect(row).toBeVisible();
    });
  });
});
