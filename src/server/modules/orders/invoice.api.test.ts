import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema.ts';
import { errorOf, useApiTest } from '../../../../tests/support/api-test.ts';
import { createUser, type TestUser } from '../../../../tests/factories/users.ts';
import { createProduct } from '../../../../tests/factories/products.ts';

// The PDF invoice of a checkout (docs/decisions/029): its owner and admins download it; the test
// reads the text back out of the PDF.
const t = useApiTest();
type Caller = { headers: Record<string, string> };

async function checkOut(customer: TestUser, items: Array<{ productId: string; quantity: number }>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: customer.headers,
    payload: {
      items,
      phone: '+8801712345678',
      address: 'Village Road 4',
      district: 'Rajshahi',
      paymentMethod: 'cod',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { checkoutId: string; orderIds: string[] };
}

const invoice = (caller: Caller, checkoutId: string) =>
  t.app.inject({ method: 'GET', url: `/api/checkout/${checkoutId}/invoice`, headers: caller.headers });

/** The PDF's text, one string (pdf.js joins a page's text items). */
async function textOf(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('GET /api/checkout/{id}/invoice', () => {
  it("gives the customer a PDF of the checkout's lines and total", async () => {
    const customer = await createUser(t.app, { name: 'Rahim Uddin' });
    const hoe = await createProduct(t.app, { name: 'Forged Garden Hoe', priceCents: 1250, stock: 50 });
    const sprayer = await createProduct(t.app, {
      name: '16 L Knapsack Sprayer',
      priceCents: 4599,
      stock: 10,
    });
    const { checkoutId } = await checkOut(customer, [
      { productId: hoe.id, quantity: 4 },
      { productId: sprayer.id, quantity: 1 },
    ]);

    const response = await invoice(customer, checkoutId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="agritools-invoice-${checkoutId}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(response.rawPayload);
    for (const expected of [
      'Invoice',
      checkoutId,
      'Rahim Uddin',
      customer.email,
      '+8801712345678',
      'Rajshahi',
      'Cash on delivery',
      'Forged Garden Hoe',
      '$12.50',
      '$50',
      '16 L Knapsack Sprayer',
      '$45.99',
      'Total',
      '$95.99',
    ])
      expect(text, expected).toContain(expected);
  });

  it("writes a Bengali customer's invoice in Bengali, with the catalogue's Bengali names and Bengali digits", async () => {
    const customer = await createUser(t.app);
    await t.app.db.update(users).set({ locale: 'bn' }).where(eq(users.id, customer.id));
    const hoe = await createProduct(t.app, { name: 'Forged Garden Hoe', priceCents: 1250, stock: 50 });
    await t.app.db.update(products).set({ nameBn: 'লাঙল' }).where(eq(products.id, hoe.id));
    const { checkoutId } = await checkOut(customer, [{ productId: hoe.id, quantity: 4 }]);

    const text = await textOf((await invoice(customer, checkoutId)).rawPayload);
    // A PDF holds glyphs in the order they are drawn: a vowel sign drawn before its consonant
    // (কো as ে + ক + া) comes out first, so only words without such signs are compared.
    for (const expected of ['চালান', 'লাঙল', 'রাজশাহী', '$১২.৫০', '$৫০', 'ক্যাশ অন', 'ধন্যবাদ'])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('Forged Garden Hoe');
    expect(text).not.toContain('Rajshahi');
    expect(text).not.toContain('Invoice');
  });

  it('gives it to admins, refuses other customers and visitors, and names unknown or malformed checkouts', async () => {
    const customer = await createUser(t.app);
    const hoe = await createProduct(t.app, { stock: 5 });
    const { checkoutId } = await checkOut(customer, [{ productId: hoe.id, quantity: 1 }]);

    expect((await invoice(t.callers.admin, checkoutId)).statusCode).toBe(200);
    const other = await invoice(t.callers.customerB, checkoutId);
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).code).toBe('FORBIDDEN');
    expect((await invoice(t.callers.visitor, checkoutId)).statusCode).toBe(401);
    const unknown = await invoice(customer, '0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    const malformed = await invoice(customer, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('VALIDATION_FAILED');
  });
});
