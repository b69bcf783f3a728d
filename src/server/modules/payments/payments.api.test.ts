import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailSchema } from '../../../shared/schemas/order.schema.ts';
import { mailOutbox, payments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { errorOf } from '../../../../tests/support/api-test.ts';
import {
  startSslcommerzSimulator,
  type SslcommerzSimulator,
} from '../../../../tests/support/sslcommerz-simulator.ts';
import { createUser, type TestUser } from '../../../../tests/factories/users.ts';
import { createProduct, stockOf } from '../../../../tests/factories/products.ts';
import { expireHolds } from '../orders/orders.service.ts';

// SSLCommerz through the local gateway simulator, which calls the shop back over HTTP (IPN),
// so the shop listens on a real port here (docs/decisions/019-payment-flow.md).

const STORE = { id: 'agritools-test', password: 'agritools-test-password' };
let t: TestApp;
let sim: SslcommerzSimulator;
let base = '';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  sim = await startSslcommerzSimulator({ storeId: STORE.id, storePassword: STORE.password });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    PUBLIC_URL: base,
    SSLCOMMERZ_STORE_ID: STORE.id,
    SSLCOMMERZ_STORE_PASSWORD: STORE.password,
    SSLCOMMERZ_URL: sim.url,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

/** An online checkout of two lines; answers its ids, the gateway page and the transaction id. */
async function onlineCheckout(customer: TestUser) {
  const hoe = await createProduct(t.app, { priceCents: 1999, stock: 10 });
  const crate = await createProduct(t.app, { priceCents: 500, stock: 10 });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: customer.headers,
    payload: {
      items: [
        { productId: hoe.id, quantity: 2 },
        { productId: crate.id, quantity: 1 },
      ],
      phone: '01712345678',
      address: 'Village Road 4',
      district: 'Bogura',
      paymentMethod: 'sslcommerz',
    },
  });
  expect(response.statusCode).toBe(201);
  const answer = response.json() as { checkoutId: string; orderIds: string[]; redirectUrl: string };
  expect(answer.redirectUrl).toMatch(new RegExp(`^${sim.url}/EasyCheckOut/`));
  const [payment] = await t.app.db.select().from(payments).where(eq(payments.checkoutId, answer.checkoutId));
  return { ...answer, tranId: payment!.transactionId, products: [hoe, crate] };
}

/** Presses a button on the gateway's hosted page; answers the form it sends the browser back with. */
async function press(redirectUrl: string, button: 'pay' | 'fail' | 'cancel') {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  const done = await fetch(`${redirectUrl}/${button}`, { method: 'POST' });
  const html = await done.text();
  const action = /action="([^"]+)"/.exec(html)![1]!;
  const fields = Object.fromEntries(
    [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]),
  );
  return { action, fields };
}

/** The buyer's browser posting the gateway's return form to the shop. */
const returnToShop = (action: string, fields: Record<string, string>) =>
  fetch(action, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

async function statusOf(customer: TestUser, id: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: customer.headers });
  return orderDetailSchema.parse(response.json());
}

describe('SSLCommerz hosted checkout', () => {
  it('marks the orders paid after the gateway confirms, with the amount asked for', async () => {
    const customer = await createUser(t.app);
    const checkout = await onlineCheckout(customer);
    expect(sim.session(checkout.tranId)?.amount).toBe('44.98'); // 2 x 19.99 + 5.00
    for (const id of checkout.orderIds) expect((await statusOf(customer, id)).status).toBe('placed');

    const back = await press(checkout.redirectUrl, 'pay');
    // The gateway's IPN arrived first and settled the payment.
    expect(sim.ipnLog.at(-1)).toMatchObject({ tranId: checkout.tranId, kind: 'first', status: 200 });
    for (const id of checkout.orderIds) {
      const order = await statusOf(customer, id);
      expect(order).toMatchObject({ status: 'paid', paid: true, payWith: [] });
      expect(order.history.at(-1)).toMatchObject({ actor: 'payment', from: 'placed', to: 'paid' });
    }
    // The browser's return lands on the payment page with the outcome.
    const landing = await returnToShop(back.action, back.fields);
    expect(landing.status).toBe(303);
    expect(landing.headers.get('location')).toBe(
      `/dashboard/payment/${checkout.orderIds[0]}?payment=success`,
    );
    const [payment] = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, checkout.tranId));
    expect(payment).toMatchObject({ status: 'paid', amountCents: 4498, currency: 'USD' });
    const paidMails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email));
    expect(paidMails.filter((mail) => mail.kind === 'order-paid')).toHaveLength(2);
  });

  it('changes nothing for a duplicate, a late, a forged or a wrong-amount notice, and never fails', async () => {
    const customer = await createUser(t.app);
    const checkout = await onlineCheckout(customer);
    // Before paying: a forged "VALID" notice and a real payment of too little.
    for (const kind of ['forged', 'wrong-amount'] as const) {
      const result = await sim.simulateIpn(checkout.tranId, kind);
      expect(result?.status).toBe(200);
      expect(result?.body).toContain('ignored');
      for (const id of checkout.orderIds) expect((await statusOf(customer, id)).status).toBe('placed');
    }
    await press(checkout.redirectUrl, 'pay');
    const historyLength = (await statusOf(customer, checkout.orderIds[0]!)).history.length;
    const mailsBefore = (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email)))
      .length;
    for (const kind of ['duplicate', 'late', 'duplicate'] as const) {
      const result = await sim.simulateIpn(checkout.tranId, kind);
      expect(result).toMatchObject({ status: 200 });
      expect(result?.body).toContain('already');
    }
    expect((await statusOf(customer, checkout.orderIds[0]!)).history).toHaveLength(historyLength);
    const mailsAfter = (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email)))
      .length;
    expect(mailsAfter).toBe(mailsBefore);
  });

  it('answers 200 to notices about nothing, malformed bodies and unknown transactions', async () => {
    for (const body of [
      '',
      'tran_id=AGT-unknown&val_id=x&status=VALID',
      '%%%&&&==',
      'a=' + 'x'.repeat(2000),
    ]) {
      const response = await fetch(`${base}/api/payments/sslcommerz/ipn`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(response.status).toBe(200);
    }
  });

  it('leaves the orders waiting after a failed or cancelled payment, and a new attempt can pay', async () => {
    const customer = await createUser(t.app);
    const checkout = await onlineCheckout(customer);
    for (const button of ['fail', 'cancel'] as const) {
      const back = await press(checkout.redirectUrl, button);
      const landing = await returnToShop(back.action, back.fields);
      expect(landing.status).toBe(303);
      expect(landing.headers.get('location')).toBe(
        `/dashboard/payment/${checkout.orderIds[0]}?payment=${button === 'fail' ? 'failed' : 'cancelled'}`,
      );
      const order = await statusOf(customer, checkout.orderIds[0]!);
      expect(order).toMatchObject({ status: 'placed', paid: false });
      expect(order.payWith).toContain('sslcommerz');
      // Pay again from the payment page: a new gateway session.
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/order/${checkout.orderIds[0]}/pay`,
        headers: customer.headers,
        payload: { method: 'sslcommerz' },
      });
      expect(again.statusCode).toBe(200);
      checkout.redirectUrl = (again.json() as { redirectUrl: string }).redirectUrl;
    }
    await press(checkout.redirectUrl, 'pay');
    for (const id of checkout.orderIds) expect((await statusOf(customer, id)).status).toBe('paid');
  });

  it("refuses to start a payment for someone else's order or a paid one", async () => {
    const customer = await createUser(t.app);
    const other = await createUser(t.app);
    const checkout = await onlineCheckout(customer);
    const pay = (who: TestUser, id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/${id}/pay`,
        headers: who.headers,
        payload: { method: 'sslcommerz' },
      });
    expect((await pay(other, checkout.orderIds[0]!)).statusCode).toBe(403);
    await press(checkout.redirectUrl, 'pay');
    const paid = await pay(customer, checkout.orderIds[0]!);
    expect(paid.statusCode).toBe(409);
    expect(errorOf(paid).code).toBe('CONFLICT');
  });

  it('holds an online order for 30 minutes; a payment arriving after expiry pays nothing back into stock', async () => {
    const customer = await createUser(t.app);
    const checkout = await onlineCheckout(customer);
    const order = await statusOf(customer, checkout.orderIds[0]!);
    const hold = Date.parse(order.holdUntil!) - Date.now();
    expect(hold).toBeGreaterThan(29 * 60_000);
    expect(hold).toBeLessThanOrEqual(30 * 60_000);
    await expireHolds(t.app.orders, new Date(Date.now() + 31 * 60_000));
    expect(await stockOf(t.app, checkout.products[0]!.id)).toBe(10);
    await press(checkout.redirectUrl, 'pay');
    // The late payment does not revive the cancelled orders or take stock again.
    for (const id of checkout.orderIds) expect((await statusOf(customer, id)).status).toBe('cancelled');
    expect(await stockOf(t.app, checkout.products[0]!.id)).toBe(10);
  });
});
