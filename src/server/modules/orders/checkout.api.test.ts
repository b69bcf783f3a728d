import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { checkoutAnswerSchema, orderDetailSchema } from '../../../shared/schemas/order.schema.ts';
import { rowsOf } from '../../db/client.ts';
import { mailOutbox, orders } from '../../db/schema.ts';
import { errorOf, useApiTest } from '../../../../tests/support/api-test.ts';
import { createUser, type TestUser } from '../../../../tests/factories/users.ts';
import { createProduct, stockOf } from '../../../../tests/factories/products.ts';

// The saved cart and POST /api/checkout (docs/decisions/017).
const t = useApiTest({ ORDERS_NOTIFY_EMAIL: 'orders@agritools.test' });
type Caller = { headers: Record<string, string> };

const putCart = (caller: Caller, items: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/cart', headers: caller.headers, payload: { items } as object });
const getCart = (caller: Caller) =>
  t.app.inject({ method: 'GET', url: '/api/cart', headers: caller.headers });
const checkout = (caller: Caller, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: caller.headers,
    payload: {
      phone: '01712345678',
      address: 'Village Road 4',
      district: 'Rajshahi',
      paymentMethod: 'cod',
      ...body,
    },
  });
describe('the saved cart', () => {
  it('refuses visitors', async () => {
    expect((await getCart(t.callers.visitor)).statusCode).toBe(401);
    expect((await putCart(t.callers.visitor, [])).statusCode).toBe(401);
  });

  it('keeps a customer their own cart with each product as it is now', async () => {
    const customer = await createUser(t.app);
    const hoe = await createProduct(t.app, { priceCents: 1250, stock: 30, minOrder: 2 });
    const rake = await createProduct(t.app, { stock: 5 });
    const saved = await putCart(customer, [
      { productId: hoe.id, quantity: 2 },
      { productId: rake.id, quantity: 1 },
      { productId: hoe.id, quantity: 1 },
    ]);
    expect(saved.statusCode).toBe(200);
    const cart = (await getCart(customer)).json() as { items: Array<Record<string, unknown>> };
    expect(cart.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: hoe.id, quantity: 3, price: 12.5, stock: 30, minOrder: 2 }),
        expect.objectContaining({ productId: rake.id, quantity: 1 }),
      ]),
    );
    // Another customer's cart is their own.
    expect(((await getCart(t.callers.customerB)).json() as { items: unknown[] }).items).toEqual([]);
    // Replacing with nothing empties it.
    await putCart(customer, []);
    expect(((await getCart(customer)).json() as { items: unknown[] }).items).toEqual([]);
  });

  it.each([
    ['an unknown product', [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], 404],
    ['a zero quantity', [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 0 }], 400],
    ['a bad id', [{ productId: 'x', quantity: 1 }], 400],
    ['not a list', 'hoe', 400],
  ])('refuses %s', async (_label, items, status) => {
    const response = await putCart(t.callers.customerA, items);
    expect(response.statusCode).toBe(status);
  });
});

describe('POST /api/checkout', () => {
  it('makes one order per line, reserves the stock and empties the cart (cash on delivery)', async () => {
    const customer = await createUser(t.app);
    const hoe = await createProduct(t.app, { priceCents: 1000, stock: 10 });
    const crate = await createProduct(t.app, { priceCents: 250, stock: 50, minOrder: 5 });
    await putCart(customer, [
      { productId: hoe.id, quantity: 2 },
      { productId: crate.id, quantity: 10 },
    ]);
    const response = await checkout(customer, {});
    expect(response.statusCode).toBe(201);
    const answer = checkoutAnswerSchema.parse(response.json());
    expect(answer.orderIds).toHaveLength(2);
    expect(answer.redirectUrl).toBeUndefined();
    expect(await stockOf(t.app, hoe.id)).toBe(8);
    expect(await stockOf(t.app, crate.id)).toBe(40);
    expect(((await getCart(customer)).json() as { items: unknown[] }).items).toEqual([]);
    // Cash on delivery: prepared at once, holding nothing, unpaid until delivery. Each order
    // names the other one of its checkout.
    const lines = { [hoe.id]: { quantity: 2, total: 20 }, [crate.id]: { quantity: 10, total: 25 } };
    const details = [];
    for (const id of answer.orderIds) {
      const order = orderDetailSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: customer.headers })).json(),
      );
      expect(order).toMatchObject({
        status: 'processing',
        paid: false,
        paymentMethod: 'cod',
        checkoutId: answer.checkoutId,
        district: 'Rajshahi',
        holdUntil: null,
        ...lines[order.productId!],
      });
      details.push(order);
    }
    const [first, second] = details;
    expect(first!.sameCheckout).toEqual([
      {
        _id: second!._id,
        productName: second!.productName,
        status: 'processing',
        ...lines[second!.productId!],
      },
    ]);
    expect(second!.sameCheckout.map((other) => other._id)).toEqual([first!._id]);
    // My Orders lists both, as today.
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order?email=${encodeURIComponent(customer.email)}`,
        headers: customer.headers,
      })
    ).json() as Array<{ _id: string }>;
    expect(mine.map((order) => order._id).sort()).toEqual([...answer.orderIds].sort());
    // One mail to the customer for the checkout, one to the shop.
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-placed'));
    expect(mails.filter((mail) => mail.to === customer.email)).toHaveLength(1);
    const shop = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'orders@agritools.test'));
    expect(shop.some((mail) => mail.text.includes(customer.email))).toBe(true);
  });

  it('is all or nothing: one line out of stock leaves every product as it was', async () => {
    const customer = await createUser(t.app);
    const plenty = await createProduct(t.app, { stock: 10 });
    const scarce = await createProduct(t.app, { stock: 1 });
    const response = await checkout(customer, {
      items: [
        { productId: plenty.id, quantity: 3 },
        { productId: scarce.id, quantity: 2 },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      message: messages.outOfStock,
      details: { productId: scarce.id },
    });
    expect(await stockOf(t.app, plenty.id)).toBe(10);
    expect(await stockOf(t.app, scarce.id)).toBe(1);
    const placed = await t.app.db
      .select()
      .from(orders)
      .where(inArray(orders.productId, [plenty.id, scarce.id]));
    expect(placed).toHaveLength(0);
  });

  it("names the minimum order with the form's words (422)", async () => {
    const product = await createProduct(t.app, { stock: 100, minOrder: 10 });
    const response = await checkout(t.callers.customerA, { items: [{ productId: product.id, quantity: 3 }] });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toBe(messages.belowMinimumOrder);
  });

  it.each([
    ['an empty cart', {}, 422],
    ['an unknown district', { district: 'Atlantis' }, 400],
    ['no district', { district: undefined }, 400],
    ['a bad phone', { phone: '12345' }, 400],
    ['an unknown payment method', { paymentMethod: 'barter' }, 400],
    ['an online payment that is not configured', { paymentMethod: 'sslcommerz' }, 422],
    ['a forged price', { price: 0.01 }, 400],
  ])('refuses %s', async (_label, body, status) => {
    const customer = await createUser(t.app);
    const product = await createProduct(t.app, { stock: 10 });
    const items = _label === 'an empty cart' ? undefined : [{ productId: product.id, quantity: 1 }];
    const response = await checkout(customer, { ...(items ? { items } : {}), ...body });
    expect(response.statusCode).toBe(status);
    expect(await stockOf(t.app, product.id)).toBe(10);
  });

  it('places a checkout again when the price changed between reading the product and taking its stock', async () => {
    const customer = await createUser(t.app);
    const sprayer = await createProduct(t.app, { priceCents: 4500, stock: 10 });
    // A trigger stands in for an admin's price change landing after the checkout read the
    // product: the first time orders are written, the price moves. The sequence counts the
    // attempts (its numbers survive a rollback, which undoes the price change too).
    await t.app.db.execute(sql`CREATE SEQUENCE checkout_test_attempts`);
    await t.app.db.execute(sql`
      CREATE FUNCTION checkout_test_reprice() RETURNS trigger AS $$
      BEGIN
        IF nextval('checkout_test_attempts') = 1 THEN
          UPDATE products SET price_cents = price_cents + 100 WHERE id = ${sql.raw(`'${sprayer.id}'`)};
        END IF;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`);
    await t.app.db.execute(sql`
      CREATE TRIGGER checkout_test_reprice AFTER INSERT ON orders
      FOR EACH STATEMENT EXECUTE FUNCTION checkout_test_reprice()`);
    try {
      const response = await checkout(customer, { items: [{ productId: sprayer.id, quantity: 2 }] });
      expect(response.statusCode).toBe(201);
      // The first attempt was refused at the stock update (the price it read had changed), the
      // second went through; nothing of the first remains.
      const [attempts] = rowsOf<{ last_value: string }>(
        await t.app.db.execute(sql`select last_value from checkout_test_attempts`),
      );
      expect(Number(attempts!.last_value)).toBe(2);
      expect(await stockOf(t.app, sprayer.id)).toBe(8);
      const placed = await t.app.db.select().from(orders).where(eq(orders.productId, sprayer.id));
      expect(placed).toHaveLength(1);
      expect(placed[0]).toMatchObject({ quantity: 2, priceCents: 4500 });
    } finally {
      await t.app.db.execute(sql`DROP TRIGGER checkout_test_reprice ON orders`);
      await t.app.db.execute(sql`DROP FUNCTION checkout_test_reprice()`);
      await t.app.db.execute(sql`DROP SEQUENCE checkout_test_attempts`);
    }
  });

  it('never oversells scarce stock when many checkouts race across several lines', async () => {
    const lines = await Promise.all([
      createProduct(t.app, { stock: 5 }),
      createProduct(t.app, { stock: 7 }),
      createProduct(t.app, { stock: 4 }),
    ]);
    const buyers: TestUser[] = await Promise.all(Array.from({ length: 8 }, () => createUser(t.app)));
    // Each checkout takes one unit of every product, lines in different orders.
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => {
        const items = lines.map((p) => ({ productId: p.id, quantity: 1 }));
        if (i % 2) items.reverse();
        return checkout(buyers[i % buyers.length]!, { items, paymentMethod: 'bank-transfer' });
      }),
    );
    const ok = responses.filter((response) => response.statusCode === 201);
    expect(ok).toHaveLength(4); // the scarcest line has 4
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(12);
    expect(await Promise.all(lines.map((p) => stockOf(t.app, p.id)))).toEqual([1, 3, 0]);
    // Every checkout that answered 201 has all three lines; no others exist.
    for (const product of lines) {
      const rows = await t.app.db.select().from(orders).where(eq(orders.productId, product.id));
      expect(rows).toHaveLength(4);
    }
  });
});
