import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderDetailSchema } from '../../../shared/schemas/order.schema.ts';
import { mailOutbox, orders, users } from '../../db/schema.ts';
import { errorOf, useApiTest } from '../../../../tests/support/api-test.ts';
import { createUser, type TestUser } from '../../../../tests/factories/users.ts';
import { createProduct, stockOf } from '../../../../tests/factories/products.ts';
import { orderBody, placeOrder, postOrder } from '../../../../tests/factories/orders.ts';
import { expireHolds } from './orders.service.ts';

// The order lifecycle, history, order page call and stock holds (docs/decisions/017).
const t = useApiTest({ UNPAID_QUANTITY_CAP: '40', ORDERS_NOTIFY_EMAIL: 'orders@agritools.test' });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
type Caller = { headers: Record<string, string> };

const getOrder = (caller: Caller, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: caller.headers });
const move = (caller: Caller, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/order/${id}/status`, headers: caller.headers, payload });
const detailOf = (response: { json(): unknown }) => orderDetailSchema.parse(response.json());

async function mailsFor(orderId: string | null, to: string) {
  const rows = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.filter((row) => orderId === null || row.text.includes(orderId));
}

describe('GET /api/order/{id}', () => {
  it('gives the owner the order with its status and history', async () => {
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, t.callers.customerA, product.id, { quantity: 2 });
    const response = await getOrder(t.callers.customerA, id);
    expect(response.statusCode).toBe(200);
    const order = detailOf(response);
    expect(order).toMatchObject({ _id: id, status: 'placed', paid: false, quantity: 2, adminMoves: [] });
    expect(order.history).toEqual([expect.objectContaining({ actor: 'customer', from: null, to: 'placed' })]);
  });

  it("refuses someone else's order (403), a visitor (401), an unknown id (404) and a bad id (400)", async () => {
    const product = await createProduct(t.app);
    const id = await placeOrder(t.app, t.callers.customerA, product.id);
    const other = await getOrder(t.callers.customerB, id);
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).code).toBe('FORBIDDEN');
    expect((await getOrder(t.callers.visitor, id)).statusCode).toBe(401);
    expect((await getOrder(t.callers.customerA, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await getOrder(t.callers.customerA, 'nope')).statusCode).toBe(400);
  });

  it('gives an admin any order with the moves they may make', async () => {
    const product = await createProduct(t.app);
    const id = await placeOrder(t.app, t.callers.customerA, product.id);
    const order = detailOf(await getOrder(t.callers.admin, id));
    expect(order.adminMoves).toEqual(['paid', 'cancelled']);
  });
});

describe('POST /api/order/{id}/status', () => {
  it('refuses visitors (401) and customers, the owner too (403)', async () => {
    const product = await createProduct(t.app);
    const id = await placeOrder(t.app, t.callers.customerA, product.id);
    expect((await move(t.callers.visitor, id, { status: 'paid' })).statusCode).toBe(401);
    expect((await move(t.callers.customerA, id, { status: 'paid' })).statusCode).toBe(403);
    expect((await move(t.callers.customerB, id, { status: 'paid' })).statusCode).toBe(403);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: 'placed', paid: false });
  });

  it('carries an order from placed to delivered, with history and mail at each step', async () => {
    const customer = await createUser(t.app);
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, customer, product.id, { quantity: 2 });
    expect(detailOf(await move(t.callers.admin, id, { status: 'paid' }))).toMatchObject({
      status: 'paid',
      paid: true,
    });
    await move(t.callers.admin, id, { status: 'processing' });
    const shipped = detailOf(
      await move(t.callers.admin, id, {
        status: 'shipped',
        carrier: 'Sundarban Courier',
        tracking: 'SC-123',
      }),
    );
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'Sundarban Courier', tracking: 'SC-123' });
    const delivered = detailOf(
      await move(t.callers.admin, id, { status: 'delivered', note: 'Left with the farm office' }),
    );
    expect(delivered.status).toBe('delivered');
    expect(delivered.history.map((event) => [event.from, event.to, event.actor])).toEqual([
      [null, 'placed', 'customer'],
      ['placed', 'paid', 'admin'],
      ['paid', 'processing', 'admin'],
      ['processing', 'shipped', 'admin'],
      ['shipped', 'delivered', 'admin'],
    ]);
    expect(delivered.history.at(-1)?.note).toBe('Left with the farm office');
    // The customer sees the same history.
    expect(detailOf(await getOrder(customer, id)).history).toHaveLength(5);
    // Stock was taken once and never given back.
    expect(await stockOf(t.app, product.id)).toBe(8);
    const kinds = (await mailsFor(null, customer.email)).map((mail) => mail.kind);
    expect(kinds).toEqual(['order-placed', 'order-paid', 'order-shipped', 'order-delivered']);
    const shippedMail = (await mailsFor(null, customer.email)).find((mail) => mail.kind === 'order-shipped');
    expect(shippedMail?.text).toContain('SC-123');
    expect(shippedMail?.html).toContain(`/dashboard/orders/${id}`);
  });

  it.each([
    ['placed', 'shipped'],
    ['placed', 'delivered'],
    ['placed', 'refunded'],
    ['placed', 'placed'],
    ['placed', 'processing'],
  ])('answers 409 for %s → %s and changes nothing', async (_from, to) => {
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, t.callers.customerA, product.id, { quantity: 1 });
    const response = await move(t.callers.admin, id, { status: to });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'CONFLICT', details: { rule: 'lifecycle' } });
    expect(detailOf(await getOrder(t.callers.admin, id)).history).toHaveLength(1);
    expect(await stockOf(t.app, product.id)).toBe(9);
  });

  it('refuses to cancel a shipped order and to move a delivered one back', async () => {
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, t.callers.customerA, product.id);
    for (const status of ['paid', 'processing', 'shipped'])
      expect((await move(t.callers.admin, id, { status })).statusCode).toBe(200);
    expect((await move(t.callers.admin, id, { status: 'cancelled' })).statusCode).toBe(409);
    expect((await move(t.callers.admin, id, { status: 'delivered' })).statusCode).toBe(200);
    expect((await move(t.callers.admin, id, { status: 'shipped' })).statusCode).toBe(409);
    expect((await move(t.callers.admin, id, { status: 'placed' })).statusCode).toBe(409);
  });

  it('refunds a paid order before shipping and returns its stock; the paid flag stays', async () => {
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, t.callers.customerA, product.id, { quantity: 4 });
    await move(t.callers.admin, id, { status: 'paid' });
    expect(await stockOf(t.app, product.id)).toBe(6);
    const refunded = detailOf(await move(t.callers.admin, id, { status: 'refunded' }));
    expect(refunded).toMatchObject({ status: 'refunded', paid: true, adminMoves: [] });
    expect(await stockOf(t.app, product.id)).toBe(10);
  });

  it('an admin cancelling a placed order returns the stock and mails the customer', async () => {
    const customer = await createUser(t.app);
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, customer, product.id, { quantity: 3 });
    const cancelled = detailOf(
      await move(t.callers.admin, id, { status: 'cancelled', note: 'Asked by phone' }),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(await stockOf(t.app, product.id)).toBe(10);
    expect((await mailsFor(id, customer.email)).map((mail) => mail.kind)).toContain('order-cancelled');
  });

  it.each([
    ['an unknown status', { status: 'teleported' }],
    ['no status', {}],
    ['extra fields', { status: 'paid', paid: false }],
    ['a note too long', { status: 'paid', note: 'x'.repeat(501) }],
  ])('rejects %s with 400', async (_label, payload) => {
    const product = await createProduct(t.app);
    const id = await placeOrder(t.app, t.callers.customerA, product.id);
    const response = await move(t.callers.admin, id, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
  });

  it('answers 404 for an unknown order', async () => {
    expect((await move(t.callers.admin, UNKNOWN_ID, { status: 'paid' })).statusCode).toBe(404);
  });

  it('lets exactly one of two racing moves win', async () => {
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, t.callers.customerA, product.id, { quantity: 2 });
    const [cancel, pay] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: t.callers.customerA.headers }),
      move(t.callers.admin, id, { status: 'paid' }),
    ]);
    expect([cancel.statusCode, pay.statusCode].sort()).toEqual([200, 409]);
    const order = detailOf(await getOrder(t.callers.admin, id));
    expect(order.history).toHaveLength(2);
    expect(await stockOf(t.app, product.id)).toBe(order.status === 'cancelled' ? 10 : 8);
  });
});

describe('the new-order mail to the shop', () => {
  it('goes to ORDERS_NOTIFY_EMAIL with every placed order', async () => {
    const customer = await createUser(t.app);
    const product = await createProduct(t.app, { name: `Notify Hoe ${Date.now()}` });
    await placeOrder(t.app, customer, product.id);
    const shop = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'orders@agritools.test'), eq(mailOutbox.kind, 'shop-new-order')));
    expect(shop.some((mail) => mail.text.includes(product.name) && mail.text.includes(customer.email))).toBe(
      true,
    );
  });
});

describe('stock holds of unpaid orders', () => {
  it('holds a bank-transfer order for 48 hours by default', async () => {
    const product = await createProduct(t.app);
    const before = Date.now();
    const id = await placeOrder(t.app, t.callers.customerA, product.id);
    const order = detailOf(await getOrder(t.callers.customerA, id));
    const hold = Date.parse(order.holdUntil!);
    expect(hold).toBeGreaterThanOrEqual(before + 48 * 3600_000 - 1000);
    expect(hold).toBeLessThanOrEqual(Date.now() + 48 * 3600_000 + 1000);
  });

  it('cancels unpaid orders whose hold ran out, returns their stock and mails the customer', async () => {
    const customer = await createUser(t.app);
    const product = await createProduct(t.app, { stock: 10 });
    const unpaid = await placeOrder(t.app, customer, product.id, { quantity: 3 });
    const paid = await placeOrder(t.app, customer, product.id, { quantity: 2 });
    await move(t.callers.admin, paid, { status: 'paid' });
    expect(await stockOf(t.app, product.id)).toBe(5);

    // Nothing has run out yet.
    await expireHolds(t.app.orders, new Date());
    expect(detailOf(await getOrder(customer, unpaid)).status).toBe('placed');

    const later = new Date(Date.now() + 49 * 3600_000);
    expect(await expireHolds(t.app.orders, later)).toBeGreaterThanOrEqual(1);
    const expired = detailOf(await getOrder(customer, unpaid));
    expect(expired.status).toBe('cancelled');
    expect(expired.history.at(-1)).toMatchObject({ actor: 'system', from: 'placed', to: 'cancelled' });
    expect(detailOf(await getOrder(customer, paid)).status).toBe('paid');
    expect(await stockOf(t.app, product.id)).toBe(8);
    expect((await mailsFor(unpaid, customer.email)).map((mail) => mail.kind)).toContain('order-cancelled');
    // A second round finds nothing more to do.
    expect(await expireHolds(t.app.orders, later)).toBe(0);
    expect(await stockOf(t.app, product.id)).toBe(8);
  });

  it("caps one account's unpaid units, counting every unpaid order (409 naming the rule)", async () => {
    const customer = await createUser(t.app);
    const product = await createProduct(t.app, { stock: 1000 });
    const first = await placeOrder(t.app, customer, product.id, { quantity: 30 });
    const over = await postOrder(t.app, customer, orderBody(product.id, { quantity: 11 }));
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).details).toMatchObject({ rule: 'unpaid-cap', cap: 40, unpaid: 30 });
    expect(await stockOf(t.app, product.id)).toBe(970);
    // Exactly up to the cap is fine; once paid, the units no longer count.
    await placeOrder(t.app, customer, product.id, { quantity: 10 });
    await move(t.callers.admin, first, { status: 'paid' });
    await placeOrder(t.app, customer, product.id, { quantity: 30 });
    // Another account has its own allowance.
    await placeOrder(t.app, t.callers.customerB, product.id, { quantity: 5 });
  });

  it('keeps the cap when one account places many orders at once', async () => {
    const customer: TestUser = await createUser(t.app);
    const product = await createProduct(t.app, { stock: 1000 });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => postOrder(t.app, customer, orderBody(product.id, { quantity: 7 }))),
    );
    const placed = responses.filter((response) => response.statusCode === 201);
    expect(placed).toHaveLength(5); // 5 x 7 = 35 <= 40 < 42
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(7);
    expect(await stockOf(t.app, product.id)).toBe(1000 - 35);
  });
});

describe('mails in the language the customer last used', () => {
  it("writes a Bengali customer's order mails in Bengali, and the shop's own mail in English", async () => {
    const customer = await createUser(t.app);
    await t.app.db.update(users).set({ locale: 'bn' }).where(eq(users.id, customer.id));
    const product = await createProduct(t.app, { name: `Bengali Mail Hoe ${Date.now()}`, priceCents: 1250 });
    const id = await placeOrder(t.app, customer, product.id, { quantity: 4 });

    const [placed] = await mailsFor(id, customer.email);
    expect(placed?.subject).toMatch(/^আপনার AgriTools অর্ডার [0-9a-f]{8} দেওয়া হয়েছে$/);
    expect(placed?.text).toContain('অর্ডারের জন্য ধন্যবাদ।');
    expect(placed?.text).toContain(`${product.name} x ৪: $৫০`);
    expect(placed?.text).toContain(`/bn/dashboard/orders/${id}`);
    expect(placed?.html).toContain('<html lang="bn">');

    const shop = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'orders@agritools.test'), eq(mailOutbox.kind, 'shop-new-order')));
    const shopMail = shop.find((mail) => mail.text.includes(product.name));
    expect(shopMail?.text).toContain(`A new order from ${customer.email}:`);
    expect(shopMail?.text).toContain('$50');

    expect((await move(t.callers.admin, id, { status: 'paid' })).statusCode).toBe(200);
    const paid = (await mailsFor(id, customer.email)).find((mail) => mail.kind === 'order-paid');
    expect(paid?.subject).toBe(`আপনার AgriTools অর্ডার ${id.slice(0, 8)}: পরিশোধিত`);
    expect(paid?.text).toContain('আমরা আপনার পেমেন্ট পেয়েছি।');
  });
});
