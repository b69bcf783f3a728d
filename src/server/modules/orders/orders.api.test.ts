import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { orderListSchema, orderSchema, type Order } from '../../../shared/schemas/order.schema.ts';
import { orders, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { createCallers, createUser, type TestUser } from '../../../../tests/factories/users.ts';
import { createProduct, stockOf } from '../../../../tests/factories/products.ts';
import { orderBody, placeOrder, postOrder } from '../../../../tests/factories/orders.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof createCallers>>;
type Caller = { headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  callers = await createCallers(t.app);
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function orderRow(orderId: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

async function listOwn(user: TestUser): Promise<Order[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/order?email=${encodeURIComponent(user.email)}`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return orderListSchema.parse(response.json());
}

const remove = (caller: Caller, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: caller.headers });

const markPaid = (caller: Caller, id: string, payload: unknown = { paid: true }) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/order/${id}`,
    headers: caller.headers,
    payload: payload as Record<string, unknown>,
  });

function errorOf(response: { json(): unknown }) {
  return errorBodySchema.parse(response.json()).error;
}

describe('POST /api/order', () => {
  it('refuses a visitor with 401 and takes no stock', async () => {
    const product = await createProduct(t.app, { stock: 5 });
    const response = await postOrder(t.app, callers.visitor, orderBody(product.id));
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    expect(await stockOf(t.app, product.id)).toBe(5);
  });

  it('places an unpaid order for the signed-in customer and takes the stock', async () => {
    const product = await createProduct(t.app, { stock: 20, minOrder: 2, priceCents: 1999 });
    const response = await postOrder(t.app, callers.customerA, orderBody(product.id, { quantity: 3 }));
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json() as { insertedId: string };
    expect(insertedId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stockOf(t.app, product.id)).toBe(17);

    const mine = await listOwn(callers.customerA);
    expect(mine.find((order) => order._id === insertedId)).toEqual({
      _id: insertedId,
      productId: product.id,
      name: callers.customerA.name,
      email: callers.customerA.email,
      productName: product.name,
      quantity: 3,
      phone: '01712345678',
      address: 'House 12, Road 3, Rajshahi',
      img: product.img,
      price: 19.99,
      total: 59.97,
      paid: false,
      status: 'placed',
      paymentMethod: 'bank-transfer',
      checkoutId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: expect.any(String),
      holdUntil: expect.any(String),
    });
  });

  it('computes the total exactly in cents (no floating-point drift)', async () => {
    const product = await createProduct(t.app, { priceCents: 10, stock: 10 });
    const id = await placeOrder(t.app, callers.customerA, product.id, { quantity: 3 });
    const order = (await listOwn(callers.customerA)).find((o) => o._id === id);
    // 0.1 * 3 is 0.30000000000000004 in floats.
    expect(order?.total).toBe(0.3);
    expect(order?.price).toBe(0.1);
  });

  it('ignores a forged name, email, price, product name, image and paid flag', async () => {
    const product = await createProduct(t.app, { priceCents: 4500, stock: 10 });
    const response = await postOrder(
      t.app,
      callers.customerA,
      orderBody(product.id, {
        quantity: 2,
        name: 'Mallory',
        email: callers.customerB.email,
        price: 0.01,
        productName: 'Free tractor',
        img: 'https://evil.example/x.png',
        paid: true,
        userId: callers.customerB.id,
      }),
    );
    expect(response.statusCode).toBe(201);
    const row = await orderRow((response.json() as { insertedId: string }).insertedId);
    expect(row).toMatchObject({
      userId: callers.customerA.id,
      name: callers.customerA.name,
      email: callers.customerA.email,
      productName: product.name,
      img: product.img,
      priceCents: 4500,
      paid: false,
    });
    // Nothing was placed in B's name.
    expect((await listOwn(callers.customerB)).some((o) => o.productId === product.id)).toBe(false);
  });

  it('accepts a quantity equal to the minimum order and one equal to the whole stock', async () => {
    const product = await createProduct(t.app, { stock: 10, minOrder: 4 });
    await placeOrder(t.app, callers.customerA, product.id, { quantity: 4 });
    expect(await stockOf(t.app, product.id)).toBe(6);
    await placeOrder(t.app, callers.customerB, product.id, { quantity: 6 });
    expect(await stockOf(t.app, product.id)).toBe(0);
  });

  it('rejects a quantity above the stock with 409 "Out of Stock" and takes nothing', async () => {
    const product = await createProduct(t.app, { stock: 5, minOrder: 1 });
    const response = await postOrder(t.app, callers.customerA, orderBody(product.id, { quantity: 6 }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'CONFLICT', message: messages.outOfStock });
    expect(await stockOf(t.app, product.id)).toBe(5);
    expect((await listOwn(callers.customerA)).some((o) => o.productId === product.id)).toBe(false);
  });

  it('rejects a quantity below the minimum order with 422 naming the rule', async () => {
    const product = await createProduct(t.app, { stock: 50, minOrder: 10 });
    const response = await postOrder(t.app, callers.customerA, orderBody(product.id, { quantity: 9 }));
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({
      code: 'UNPROCESSABLE',
      message: messages.belowMinimumOrder,
    });
    expect(await stockOf(t.app, product.id)).toBe(50);
  });

  it('says "Out of Stock" when the product has sold out', async () => {
    const product = await createProduct(t.app, { stock: 0, minOrder: 1 });
    const response = await postOrder(t.app, callers.customerA, orderBody(product.id, { quantity: 1 }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(messages.outOfStock);
  });

  it.each([
    ['a string', '5'],
    ['negative', -3],
    ['zero', 0],
    ['fractional', 1.5],
    ['missing', undefined],
    ['absurdly large', 10_000_000],
  ])('rejects a quantity that is %s with 400', async (_label, quantity) => {
    const product = await createProduct(t.app, { stock: 100 });
    const response = await postOrder(t.app, callers.customerA, orderBody(product.id, { quantity }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(await stockOf(t.app, product.id)).toBe(100);
  });

  it("requires a phone with the spec's message", async () => {
    const product = await createProduct(t.app);
    const response = await postOrder(t.app, callers.customerA, orderBody(product.id, { phone: '' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain(messages.phoneRequired);
  });

  it.each(['12345', '+1 555 123 4567', '017123456789999', 'phone-number'])(
    "rejects the phone %s with the spec's pattern message",
    async (phone) => {
      const product = await createProduct(t.app);
      const response = await postOrder(t.app, callers.customerA, orderBody(product.id, { phone }));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toContain(messages.phonePattern);
    },
  );

  it.each(['01712345678', '+8801712345678', '008801712345678', '0101712345678'])(
    'accepts the phone %s',
    async (phone) => {
      const product = await createProduct(t.app);
      const response = await postOrder(t.app, callers.customerA, orderBody(product.id, { phone }));
      expect(response.statusCode).toBe(201);
    },
  );

  it('requires an address', async () => {
    const product = await createProduct(t.app);
    const response = await postOrder(t.app, callers.customerA, orderBody(product.id, { address: '  ' }));
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown product and 400 for a malformed product id', async () => {
    const unknown = await postOrder(t.app, callers.customerA, orderBody(UNKNOWN_ID));
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    const malformed = await postOrder(t.app, callers.customerA, orderBody("1' or '1'='1"));
    expect(malformed.statusCode).toBe(400);
  });

  it('lets an admin place an order too', async () => {
    const product = await createProduct(t.app, { stock: 3 });
    await placeOrder(t.app, callers.admin, product.id);
    expect(await stockOf(t.app, product.id)).toBe(2);
  });
});

describe('POST /api/order under concurrency', () => {
  it('sells exactly the stock when 50 customers order 1 each against stock 10', async () => {
    const product = await createProduct(t.app, { stock: 10, minOrder: 1 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(t.app)));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postOrder(t.app, buyers[i % buyers.length]!, orderBody(product.id, { quantity: 1 })),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(errorOf(response).message).toBe(messages.outOfStock);
    expect(await stockOf(t.app, product.id)).toBe(0);
    const stored = await t.app.db.select().from(orders).where(eq(orders.productId, product.id));
    expect(stored).toHaveLength(10);
  });

  it('never oversells when orders and cancellations race', async () => {
    const product = await createProduct(t.app, { stock: 6, minOrder: 1 });
    const first = await Promise.all(
      Array.from({ length: 3 }, () => placeOrder(t.app, callers.customerA, product.id, { quantity: 2 })),
    );
    expect(await stockOf(t.app, product.id)).toBe(0);
    const results = await Promise.all([
      ...first.map((id) => remove(callers.customerA, id)),
      ...Array.from({ length: 12 }, () =>
        postOrder(t.app, callers.customerB, orderBody(product.id, { quantity: 1 })),
      ),
    ]);
    expect(results.slice(0, 3).every((r) => r.statusCode === 200)).toBe(true);
    const stored = await t.app.db.select().from(orders).where(eq(orders.productId, product.id));
    const sold = stored
      .filter((row) => row.status !== 'cancelled')
      .reduce((sum, row) => sum + row.quantity, 0);
    expect(sold + (await stockOf(t.app, product.id))!).toBe(6);
    expect(sold).toBeLessThanOrEqual(6);
  });
});

describe('GET /api/order?email=', () => {
  it('refuses a visitor with 401', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/order?email=${encodeURIComponent(callers.customerA.email)}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('gives a customer only their own orders, newest first', async () => {
    const product = await createProduct(t.app, { stock: 100 });
    const older = await placeOrder(t.app, callers.customerA, product.id);
    const newer = await placeOrder(t.app, callers.customerA, product.id);
    const theirs = await placeOrder(t.app, callers.customerB, product.id);
    const mine = await listOwn(callers.customerA);
    expect(mine.every((order) => order.email === callers.customerA.email)).toBe(true);
    const ids = mine.map((order) => order._id);
    expect(ids).toContain(older);
    expect(ids).not.toContain(theirs);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
  });

  it("answers 403 when a customer asks for another customer's orders", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/order?email=${encodeURIComponent(callers.customerB.email)}`,
      headers: callers.customerA.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('FORBIDDEN');
  });

  it('matches the own email regardless of letter case', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/order?email=${encodeURIComponent(callers.customerA.email.toUpperCase())}`,
      headers: callers.customerA.headers,
    });
    expect(response.statusCode).toBe(200);
  });

  it("lets an admin read any customer's orders", async () => {
    const product = await createProduct(t.app);
    const id = await placeOrder(t.app, callers.customerB, product.id);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/order?email=${encodeURIComponent(callers.customerB.email)}`,
      headers: callers.admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const list = orderListSchema.parse(response.json());
    expect(list.map((order) => order._id)).toContain(id);
    expect(list.every((order) => order.email === callers.customerB.email)).toBe(true);
  });

  it('answers 400 for a missing or malformed email', async () => {
    for (const url of ['/api/order', '/api/order?email=not-an-email']) {
      const response = await t.app.inject({ method: 'GET', url, headers: callers.customerA.headers });
      expect(response.statusCode).toBe(400);
    }
  });

  it('gives an empty list to a customer without orders', async () => {
    const newcomer = await createUser(t.app);
    expect(await listOwn(newcomer)).toEqual([]);
  });
});

describe('GET /api/orders', () => {
  it('refuses a visitor (401) and customers (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    for (const customer of [callers.customerA, callers.customerB]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/orders', headers: customer.headers });
      expect(response.statusCode).toBe(403);
    }
  });

  it("gives an admin every customer's orders", async () => {
    const product = await createProduct(t.app);
    const a = await placeOrder(t.app, callers.customerA, product.id);
    const b = await placeOrder(t.app, callers.customerB, product.id);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: callers.admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const ids = orderListSchema.parse(response.json()).map((order) => order._id);
    expect(ids).toEqual(expect.arrayContaining([a, b]));
  });

  it('lists each order exactly as it reads alone: same fields, same values, nothing more', async () => {
    // The list's JSON is written by the database, the single order's by the shop (toOrder):
    // a cash-on-delivery checkout (no hold, a checkout id), an unpaid transfer (a hold), an
    // amount in cents that floats get wrong, a paid one, one whose product was deleted.
    const customer = await createUser(t.app);
    const sickle = await createProduct(t.app, { priceCents: 1999, stock: 50 });
    const gone = await createProduct(t.app, { priceCents: 10, stock: 50 });
    const transfer = await placeOrder(t.app, customer, sickle.id, { quantity: 3 });
    const paid = await placeOrder(t.app, customer, gone.id, { quantity: 7 });
    expect((await markPaid(callers.admin, paid)).statusCode).toBe(200);
    await t.app.db.delete(products).where(eq(products.id, gone.id));
    const cod = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: customer.headers,
      payload: {
        items: [{ productId: sickle.id, quantity: 1 }],
        phone: '01712345678',
        address: 'Village Road 4',
        district: 'Rajshahi',
        paymentMethod: 'cod',
      },
    });
    expect(cod.statusCode).toBe(201);

    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order?email=${encodeURIComponent(customer.email)}`,
        headers: customer.headers,
      })
    ).json() as Order[];
    expect(list).toHaveLength(3);
    const payWith = new Map<string, unknown>();
    for (const listed of list) {
      const alone = (
        await t.app.inject({ method: 'GET', url: `/api/order/${listed._id}`, headers: customer.headers })
      ).json() as Record<string, unknown>;
      const expected = Object.fromEntries(Object.keys(orderSchema.shape).map((key) => [key, alone[key]]));
      expect(listed).toStrictEqual(expected);
      payWith.set(listed._id, alone.payWith);
    }
    // Only the order still waiting for money may be paid: not the paid one, nor cash on delivery.
    expect(payWith.get(transfer)).toContain('bank-transfer');
    expect(payWith.get(paid)).toEqual([]);
    expect(payWith.get(list[0]!._id)).toEqual([]);
    const byId = new Map(list.map((order) => [order._id, order]));
    expect(byId.get(transfer)).toMatchObject({ price: 19.99, total: 59.97, paid: false });
    expect(byId.get(transfer)!.holdUntil).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(byId.get(paid)).toMatchObject({
      productId: null,
      price: 0.1,
      total: 0.7,
      paid: true,
      status: 'paid',
    });
    expect(list[0]).toMatchObject({ paymentMethod: 'cod', holdUntil: null, total: 19.99 });
    expect(list[0]!.checkoutId).toEqual(expect.any(String));
  });
});

describe('DELETE /api/order/{id}', () => {
  it('refuses a visitor with 401 and keeps the order', async () => {
    const product = await createProduct(t.app);
    const id = await placeOrder(t.app, callers.customerA, product.id);
    expect((await remove(callers.visitor, id)).statusCode).toBe(401);
    expect(await orderRow(id)).toBeDefined();
  });

  it('lets a customer cancel their own unpaid order and returns the stock', async () => {
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, callers.customerA, product.id, { quantity: 4 });
    expect(await stockOf(t.app, product.id)).toBe(6);
    const response = await remove(callers.customerA, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(t.app, product.id)).toBe(10);
    expect((await listOwn(callers.customerA)).some((order) => order._id === id)).toBe(false);
  });

  it("answers 403 when a customer cancels another customer's order", async () => {
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, callers.customerA, product.id, { quantity: 2 });
    const response = await remove(callers.customerB, id);
    expect(response.statusCode).toBe(403);
    expect(await orderRow(id)).toBeDefined();
    expect(await stockOf(t.app, product.id)).toBe(8);
  });

  it('answers 409 when a customer cancels a paid order, and keeps order and stock', async () => {
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, callers.customerA, product.id, { quantity: 2 });
    expect((await markPaid(callers.admin, id)).statusCode).toBe(200);
    const response = await remove(callers.customerA, id);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('CONFLICT');
    expect(await orderRow(id)).toMatchObject({ paid: true });
    expect(await stockOf(t.app, product.id)).toBe(8);
  });

  it("lets an admin cancel a customer's unpaid order and returns the stock", async () => {
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, callers.customerA, product.id, { quantity: 3 });
    const response = await remove(callers.admin, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    // Cancelled, with its history kept; the lists leave it out.
    expect(await orderRow(id)).toMatchObject({ status: 'cancelled', paid: false });
    expect((await listOwn(callers.customerA)).some((order) => order._id === id)).toBe(false);
    expect(await stockOf(t.app, product.id)).toBe(10);
  });

  it('refuses to let an admin cancel a paid order (409: it is refunded instead), keeping the stock', async () => {
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, callers.customerA, product.id, { quantity: 3 });
    await markPaid(callers.admin, id);
    const response = await remove(callers.admin, id);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('CONFLICT');
    expect(await orderRow(id)).toMatchObject({ status: 'paid', paid: true });
    expect(await stockOf(t.app, product.id)).toBe(7);
  });

  it('cancels an order whose product was deleted, with nothing to return', async () => {
    const product = await createProduct(t.app, { stock: 10 });
    const id = await placeOrder(t.app, callers.customerA, product.id, { quantity: 3 });
    await t.app.db.delete(products).where(eq(products.id, product.id));
    const mine = (await listOwn(callers.customerA)).find((order) => order._id === id);
    // The order keeps its own copy of name, image and price.
    expect(mine).toMatchObject({ productId: null, productName: product.name, price: 19.99 });
    const response = await remove(callers.customerA, id);
    expect(response.statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'cancelled', productId: null });
  });

  it('answers 404 for an unknown or already cancelled order and 400 for a malformed id', async () => {
    const product = await createProduct(t.app);
    const id = await placeOrder(t.app, callers.customerA, product.id);
    expect((await remove(callers.customerA, id)).statusCode).toBe(200);
    expect((await remove(callers.customerA, id)).statusCode).toBe(404);
    expect((await remove(callers.admin, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await remove(callers.customerA, 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('PATCH /api/order/{id}', () => {
  it('refuses a visitor (401) and the customer who owns the order (403)', async () => {
    const product = await createProduct(t.app);
    const id = await placeOrder(t.app, callers.customerA, product.id);
    expect((await markPaid(callers.visitor, id)).statusCode).toBe(401);
    const own = await markPaid(callers.customerA, id);
    expect(own.statusCode).toBe(403);
    expect((await markPaid(callers.customerB, id)).statusCode).toBe(403);
    expect(await orderRow(id)).toMatchObject({ paid: false });
  });

  it('lets an admin mark an order paid, once', async () => {
    const product = await createProduct(t.app);
    const id = await placeOrder(t.app, callers.customerA, product.id);
    const first = await markPaid(callers.admin, id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ modifiedCount: 1 });
    expect((await listOwn(callers.customerA)).find((order) => order._id === id)?.paid).toBe(true);
    const again = await markPaid(callers.admin, id);
    expect(again.json()).toEqual({ modifiedCount: 0 });
  });

  it.each([
    ['paid: false', { paid: false }],
    ['an empty body', {}],
    ['paid as a string', { paid: 'true' }],
    ['extra fields', { paid: true, price: 0.01 }],
  ])('rejects %s with 400', async (_label, payload) => {
    const product = await createProduct(t.app);
    const id = await placeOrder(t.app, callers.customerA, product.id);
    expect((await markPaid(callers.admin, id, payload)).statusCode).toBe(400);
    expect(await orderRow(id)).toMatchObject({ paid: false });
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await markPaid(callers.admin, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await markPaid(callers.admin, '42')).statusCode).toBe(400);
  });
});

describe('the orders OpenAPI document', () => {
  it('lists every order call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/order'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/order/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['delete', 'patch']),
    );
    expect(doc.paths['/api/orders']).toHaveProperty('get');
  });
});
