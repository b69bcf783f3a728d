import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { productListSchema, productSchema } from '../../../shared/schemas/product.schema.ts';
import { createProduct, productInput, emptyCatalogue } from '../../../../tests/factories/products.ts';
import { errorOf, useApiTest } from '../../../../tests/support/api-test.ts';

const t = useApiTest();
beforeEach(() => emptyCatalogue(t.app));

const UNKNOWN_ID = '0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d';
const everyone = () =>
  [
    ['a visitor', t.callers.visitor.headers],
    ['customer A', t.callers.customerA.headers],
    ['customer B', t.callers.customerB.headers],
    ['an admin', t.callers.admin.headers],
  ] as const;

const productCount = async () => (await t.app.db.select({ id: products.id }).from(products)).length;

describe('GET /api/products', () => {
  it('answers compressed the way the client asks, the same list and every header either way', async () => {
    for (let i = 0; i < 12; i += 1) await createProduct(t.app, { name: `Sickle ${i}` });
    const get = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': encoding } });
    const plain = await get('identity');
    const br = await get('gzip, deflate, br');
    const gzip = await get('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(productListSchema.parse(plain.json())).toHaveLength(12);
    for (const response of [plain, br, gzip]) {
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('gives every caller the whole catalogue, oldest first, prices in dollars', async () => {
    const first = await createProduct(t.app, { name: 'First hoe', priceCents: 2450 });
    const second = await createProduct(t.app, { name: 'Second rake', priceCents: 1999 });
    const third = await createProduct(t.app, { name: 'Third spade', priceCents: 100 });
    for (const [who, headers] of everyone()) {
      const response = await t.app.inject({ method: 'GET', url: '/api/products', headers });
      expect(response.statusCode, who).toBe(200);
      const list = productListSchema.parse(response.json());
      expect(
        list.map((p) => p._id),
        who,
      ).toEqual([first.id, second.id, third.id]);
      expect(list.map((p) => p.price)).toEqual([24.5, 19.99, 1]);
    }
  });

  it('answers the spec fields and nothing from the database row', async () => {
    const product = await createProduct(t.app, {
      name: 'Forged hoe',
      priceCents: 2450,
      stock: 340,
      minOrder: 10,
      rating: 4.5,
      img: '/images/products/garden-hoe.svg',
      description: 'Drop-forged carbon steel.',
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.json()).toEqual([
      {
        _id: product.id,
        name: 'Forged hoe',
        price: 24.5,
        stock: 340,
        minOrder: 10,
        rating: 4.5,
        img: '/images/products/garden-hoe.svg',
        description: 'Drop-forged carbon steel.',
      },
    ]);
  });

  it('answers an empty array when there are no products', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('pages with ?limit= and ?offset= in the same order', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await createProduct(t.app)).id);
    const page = async (query: string) =>
      productListSchema
        .parse((await t.app.inject({ method: 'GET', url: `/api/products?${query}` })).json())
        .map((p) => p._id);
    // The whole list's order, as the pages must follow it. (Not simply creation order: PGlite's
    // clock can give two quick inserts the same created_at, and the id then decides.)
    const all = await page('limit=1000');
    expect([...all].sort()).toEqual([...ids].sort());
    expect(await page('limit=2')).toEqual(all.slice(0, 2));
    expect(await page('limit=2&offset=2')).toEqual(all.slice(2, 4));
    expect(await page('limit=2&offset=4')).toEqual(all.slice(4));
    expect(await page('offset=3')).toEqual(all.slice(3));
    expect(await page('limit=2&offset=10')).toEqual([]);
  });

  it.each(['limit=0', 'limit=1001', 'limit=abc', 'limit=1.5', 'offset=-1', 'offset=x'])(
    'refuses the paging parameter %s with 400',
    async (query) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    },
  );
});

describe('GET /api/product/{id}', () => {
  it('gives every caller one product', async () => {
    const product = await createProduct(t.app, { name: 'Pruning shears', priceCents: 1890 });
    for (const [who, headers] of everyone()) {
      const response = await t.app.inject({ method: 'GET', url: `/api/product/${product.id}`, headers });
      expect(response.statusCode, who).toBe(200);
      const body = productSchema.parse(response.json());
      expect(body).toMatchObject({ _id: product.id, name: 'Pruning shears', price: 18.9 });
    }
  });

  it('answers the same from its cache as when it read the database, in each language and encoding', async () => {
    for (const language of ['', '?lang=bn'])
      for (const encoding of ['identity', 'gzip, deflate, br']) {
        // A product of its own, so that the first call reads the database.
        const product = await createProduct(t.app, {
          name: 'Pruning shears',
          description: 'Bypass blades, a grip for long days. '.repeat(40),
        });
        const url = `/api/product/${product.id}${language}`;
        const get = () => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        const read = await get();
        const cached = await get();
        expect(read.statusCode, url).toBe(200);
        // A compressed form is made quickly for its first client, at full strength for the next
        // (lib/prepared-answer.ts): the same body, its length its own.
        const { date: _readDate, 'content-length': _readLength, ...readHeaders } = read.headers;
        const { date: _cachedDate, 'content-length': cachedLength, ...cachedHeaders } = cached.headers;
        expect(cachedHeaders, `${url} ${encoding}`).toEqual(readHeaders);
        expect(Number(cachedLength), `${url} ${encoding}`).toBe(cached.rawPayload.length);
        const decoded = (payload: Buffer) =>
          encoding === 'identity' ? payload : brotliDecompressSync(payload);
        expect(decoded(cached.rawPayload).equals(decoded(read.rawPayload)), `${url} ${encoding}`).toBe(true);
      }
  });

  it('answers 404 in the error shape for an unknown id', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/product/${UNKNOWN_ID}` });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  });

  it.each(['not-a-uuid', '123', "1'%20or%20'1'='1", 'x'.repeat(200)])(
    'answers 400 for the malformed id %s',
    async (id) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/product/${id}` });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    },
  );
});

describe('POST /api/product', () => {
  const post = (payload: unknown, headers: Record<string, string> = t.callers.admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/product', headers, payload: payload as object });

  it('lets an admin add a product that the catalogue then lists', async () => {
    const input = productInput({ name: 'Steel bow rake', price: 21.75, stock: 80, minOrder: 4 });
    const response = await post(input);
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json() as { insertedId: string };
    expect(insertedId).toMatch(/^[0-9a-f-]{36}$/);

    const stored = await t.app.inject({ method: 'GET', url: `/api/product/${insertedId}` });
    expect(stored.json()).toEqual({
      _id: insertedId,
      ...input,
      category: 'uncategorised',
      nameBn: null,
      descriptionBn: null,
    });
    const [row] = await t.app.db.select().from(products).where(eq(products.id, insertedId));
    expect(row?.priceCents).toBe(2175);
  });

  it('refuses a visitor with 401 and a customer with 403, and stores nothing', async () => {
    const input = productInput();
    const visitor = await post(input, t.callers.visitor.headers);
    expect(visitor.statusCode).toBe(401);
    expect(errorOf(visitor).code).toBe('UNAUTHENTICATED');
    for (const customer of [t.callers.customerA, t.callers.customerB]) {
      const response = await post(input, customer.headers);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('FORBIDDEN');
    }
    expect(await productCount()).toBe(0);
  });

  it('checks who calls before what they send', async () => {
    expect((await post({}, t.callers.visitor.headers)).statusCode).toBe(401);
    expect((await post({}, t.callers.customerA.headers)).statusCode).toBe(403);
    expect((await post({}, { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
  });

  it.each(['name', 'price', 'stock', 'minOrder', 'rating', 'img', 'description'] as const)(
    'requires %s',
    async (field) => {
      const { [field]: _missing, ...rest } = productInput();
      const response = await post(rest);
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toContain(field);
      expect(await productCount()).toBe(0);
    },
  );

  it.each([
    ['a negative price', { price: -5 }],
    ['a zero price', { price: 0 }],
    ['a non-numeric price', { price: 'twelve' }],
    ['a price given as a string', { price: '12.50' }],
    ['a price with three decimals', { price: 12.005 }],
    ['a negative stock', { stock: -1 }],
    ['a non-numeric stock', { stock: 'lots' }],
    ['a fractional stock', { stock: 2.5 }],
    ['a minimum order of 0', { minOrder: 0 }],
    ['a rating above 5', { rating: 6 }],
    ['a blank name', { name: '   ' }],
    ['a blank description', { description: '' }],
    ['a script image URL', { img: 'javascript:alert(1)' }],
    ['a data image URL', { img: 'data:image/svg+xml,<svg/>' }],
  ])('refuses %s with 400', async (_label, override) => {
    const response = await post({ ...productInput(), ...override });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(await productCount()).toBe(0);
  });

  it('refuses a body that is not JSON in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { ...t.callers.admin.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.safeParse(response.json()).success).toBe(true);
  });

  it('ignores fields it does not know, such as an id or a price in cents', async () => {
    const response = await post({
      ...productInput({ price: 10 }),
      _id: UNKNOWN_ID,
      id: UNKNOWN_ID,
      priceCents: 1,
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json() as { insertedId: string };
    expect(insertedId).not.toBe(UNKNOWN_ID);
    const [row] = await t.app.db.select().from(products).where(eq(products.id, insertedId));
    expect(row?.priceCents).toBe(1000);
  });
});

describe('DELETE /api/product/{id}', () => {
  const remove = (id: string, headers: Record<string, string> = t.callers.admin.headers) =>
    t.app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers });

  it('lets an admin remove a product, which is then gone', async () => {
    const product = await createProduct(t.app);
    const keep = await createProduct(t.app);
    const response = await remove(product.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/product/${product.id}` })).statusCode).toBe(404);
    const list = productListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/products' })).json(),
    );
    expect(list.map((p) => p._id)).toEqual([keep.id]);
  });

  it('refuses a visitor with 401 and a customer with 403, and keeps the product', async () => {
    const product = await createProduct(t.app);
    expect((await remove(product.id, t.callers.visitor.headers)).statusCode).toBe(401);
    expect((await remove(product.id, t.callers.customerA.headers)).statusCode).toBe(403);
    expect((await remove(product.id, t.callers.customerB.headers)).statusCode).toBe(403);
    expect(await productCount()).toBe(1);
  });

  it('answers 404 for an unknown or already removed product', async () => {
    const product = await createProduct(t.app);
    expect((await remove(product.id)).statusCode).toBe(200);
    const again = await remove(product.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('NOT_FOUND');
    expect((await remove(UNKNOWN_ID)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    const response = await remove('not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
  });

  it('keeps existing orders with their own copy of name, image and price', async () => {
    const product = await createProduct(t.app, {
      name: 'Knapsack sprayer',
      priceCents: 4599,
      img: '/images/products/knapsack-sprayer.svg',
    });
    const [order] = await t.app.db
      .insert(orders)
      .values({
        productId: product.id,
        userId: t.callers.customerA.id,
        name: t.callers.customerA.name,
        email: t.callers.customerA.email,
        productName: product.name,
        quantity: 2,
        phone: '01712345678',
        address: 'Farm road 1',
        img: product.img,
        priceCents: product.priceCents,
      })
      .returning();
    expect((await remove(product.id)).statusCode).toBe(200);
    const [kept] = await t.app.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({
      productId: null,
      productName: 'Knapsack sprayer',
      img: '/images/products/knapsack-sprayer.svg',
      priceCents: 4599,
      quantity: 2,
    });
  });
});

describe('the OpenAPI document', () => {
  it('describes the product and review calls, with the bearer scheme on writes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
    };
    expect(Object.keys(doc.paths['/api/products'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/product/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(doc.paths['/api/product/{id}']?.put?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/product']?.post?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/product/{id}']?.delete?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/review']?.post?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.paths['/api/reviews'] ?? {})).toContain('get');
  });
});
