import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { errorBodySchema } from '../../src/shared/errors.ts';
import { productListSchema } from '../../src/shared/schemas/product.schema.ts';
import { reviewListSchema } from '../../src/shared/schemas/review.schema.ts';
import { orderListSchema } from '../../src/shared/schemas/order.schema.ts';
import { NO_NUL_MESSAGE } from '../../src/shared/schemas/common.schema.ts';
import { createProduct, productInput } from '../factories/products.ts';
import { useApiTest } from '../support/api-test.ts';

// Hostile input: every write route gets thousands of generated bodies (wrong types,
// huge strings, unicode, nesting, prototype-pollution keys, SQL and HTML) and must answer
// below 500, in the error shape when refused, and store nothing that breaks the schema.
const RUNS = Number(process.env.HOSTILE_RUNS ?? 1000);

const t = useApiTest();
let productId: string;
let orderId: string;

beforeAll(async () => {
  productId = (await createProduct(t.app, { stock: 1_000_000, minOrder: 1 }))._id;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: t.callers.customerA.headers,
    payload: { productId, quantity: 1, phone: '01712345678', address: 'Hostile farm' },
  });
  orderId = placed.json().insertedId;
});

const payloads = [
  "' OR 1=1 --",
  "'); DROP TABLE products; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  '\u0000\u202e\ud83d\ude00',
  '../../../../etc/passwd',
];
const hostileString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(...payloads),
  fc.integer({ min: 1, max: 5 }).map((n) => 'x'.repeat(n * 40_000)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 0.01, 1e308, -0, 2 ** 53 + 1, true, false, null, '', '1', '-5', 'NaN'),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue(), { maxKeys: 5 }),
);

/** A body built from the route's own field names (plus stray ones), each with a hostile value. */
const bodyFor = (fields: string[], valid: Record<string, unknown>) =>
  fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc
      .record(
        Object.fromEntries(
          [...fields, 'role', 'paid', '_id', 'userId'].map((field) => [field, hostileValue]),
        ),
        {
          requiredKeys: [],
        },
      )
      .map((partial) => JSON.stringify({ ...valid, ...partial })),
    // Prototype pollution has to be written as raw JSON: JSON.stringify drops __proto__.
    fc
      .constantFrom('__proto__', 'constructor', 'prototype')
      .map(
        (key) =>
          `{${JSON.stringify(key)}:{"role":"admin","polluted":true,"prototype":{"polluted":true}},${JSON.stringify(valid).slice(1)}`,
      ),
    fc.string({ maxLength: 300 }),
  );

interface WriteRoute {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  headers: () => Record<string, string>;
  fields: string[];
  valid: () => Record<string, unknown>;
}

const routes: WriteRoute[] = [
  {
    name: 'POST /api/product',
    method: 'POST',
    url: () => '/api/product',
    headers: () => t.callers.admin.headers,
    fields: ['name', 'price', 'stock', 'minOrder', 'rating', 'img', 'description'],
    valid: () => ({
      name: 'Hoe',
      price: 12.5,
      stock: 5,
      minOrder: 1,
      rating: 4,
      img: '/images/x.svg',
      description: 'd',
    }),
  },
  {
    name: 'POST /api/review',
    method: 'POST',
    url: () => '/api/review',
    headers: () => t.callers.customerA.headers,
    fields: ['rating', 'message', 'name', 'avatar'],
    valid: () => ({ rating: 5, message: 'Great' }),
  },
  {
    name: 'POST /api/order',
    method: 'POST',
    url: () => '/api/order',
    headers: () => t.callers.customerB.headers,
    fields: ['productId', 'quantity', 'phone', 'address', 'name', 'email', 'productName', 'img', 'price'],
    valid: () => ({ productId, quantity: 1, phone: '01712345678', address: 'Farm' }),
  },
  {
    name: 'PUT /api/user/profile/{id}',
    method: 'PUT',
    url: () => `/api/user/profile/${t.callers.customerA.id}`,
    headers: () => t.callers.customerA.headers,
    fields: ['phone', 'address', 'linkedIn', 'facebook'],
    valid: () => ({ phone: '01712345678' }),
  },
  {
    name: 'PATCH /api/order/{id}',
    method: 'PATCH',
    url: () => `/api/order/${orderId}`,
    headers: () => t.callers.admin.headers,
    fields: ['paid'],
    valid: () => ({ paid: true }),
  },
];

const expectSafe = (response: { statusCode: number; body: string }, label: string) => {
  expect(
    response.statusCode,
    `${label} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  if (response.statusCode >= 400)
    expect(errorBodySchema.safeParse(JSON.parse(response.body)).success, label).toBe(true);
};

describe('hostile bodies on every write route', () => {
  for (const route of routes) {
    it(`${route.name} never answers 5xx and always in the error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(route.fields, route.valid()), async (payload) => {
          const response = await t.app.inject({
            method: route.method,
            url: route.url(),
            headers: { ...route.headers(), 'content-type': 'application/json' },
            payload,
          });
          expectSafe(response, route.name);
        }),
        { numRuns: RUNS },
      );
    });
  }
});

describe('hostile paths and queries', () => {
  const segment = fc.oneof(
    hostileString.filter((s) => s.length < 2000),
    fc.uuid(),
    fc.constantFrom('%00', '%2e%2e', '..', '%ZZ'),
  );
  it('GET /api/product/{id}, DELETE /api/order/{id}, GET /api/order?email= stay below 500', async () => {
    await fc.assert(
      fc.asyncProperty(segment, async (value) => {
        const encoded = encodeURIComponent(value);
        for (const [method, url, headers] of [
          ['GET', `/api/product/${encoded}`, {}],
          ['DELETE', `/api/order/${encoded}`, t.callers.customerB.headers],
          ['GET', `/api/order?email=${encoded}`, t.callers.customerB.headers],
          ['PUT', `/api/user/admin/${encoded}`, t.callers.customerA.headers],
          ['GET', `/api/admin/${encoded}`, t.callers.customerA.headers],
        ] as const) {
          expectSafe(await t.app.inject({ method, url, headers }), `${method} ${url.slice(0, 80)}`);
        }
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });

  it('garbage Authorization headers are 401s, not crashes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme-ascii', maxLength: 500 }), async (token) => {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/orders',
          headers: { authorization: `Bearer ${token}` },
        });
        expectSafe(response, 'GET /api/orders');
        expect([401, 403]).toContain(response.statusCode);
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });
});

describe('attacks found by hand', () => {
  const refused = (response: { statusCode: number; body: string }, code: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(response.body)).error.code).toBe(code);
  };

  it("a category named like an object's own property is an unknown category, not a 500", async () => {
    refused(
      await t.app.inject({ method: 'GET', url: '/api/products?category=constructor' }),
      'VALIDATION_FAILED',
    );
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: t.callers.admin.headers,
      payload: { ...productInput(), category: 'constructor' },
    });
    refused(add, 'VALIDATION_FAILED');
  });

  it('a CSV import with a NUL character is a 400 and imports nothing', async () => {
    const name = `Nul ${Date.now()}`;
    const csv = `name,description,price,stock,min_order,rating,img\n${name},A tool,1,1,1,1,/x.png\nNul\u0000tool,A tool,1,1,1,1,/x.png\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...t.callers.admin.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    refused(response, 'VALIDATION_FAILED');
    expect(JSON.parse(response.body).error.message).toBe(NO_NUL_MESSAGE);
    const found = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(name)}` });
    expect(found.json()).toEqual([]);
  });

  it("addresses the router refuses are answered in the shop's error shape", async () => {
    for (const [method, url] of [
      ['GET', '/api/order/%E0%A6'],
      ['GET', '/api/product/%'],
      ['GET', '/product/%'],
      ['DELETE', `/api/product/${'a'.repeat(301)}`],
    ] as const)
      refused(await t.app.inject({ method, url, headers: t.callers.admin.headers }), 'BAD_REQUEST');
  });
});

describe('after the storm', () => {
  it('every stored row still reads back through the API schemas and nothing was polluted', async () => {
    const products = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(products.statusCode).toBe(200);
    for (const product of productListSchema.parse(products.json())) {
      expect(product.name.trim().length).toBeGreaterThan(0);
      expect(product.price).toBeGreaterThan(0);
      expect(product.stock).toBeGreaterThanOrEqual(0);
      expect(product.img).toMatch(/^(https?:\/\/|\/)/);
    }
    const reviews = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    for (const review of reviewListSchema.parse(reviews.json())) {
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.message.length).toBeLessThanOrEqual(150);
      expect(review.name).toBe('Customer A');
    }
    const orders = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: t.callers.admin.headers,
    });
    for (const order of orderListSchema.parse(orders.json())) {
      expect(order.price).toBeGreaterThan(0);
      expect(order.quantity).toBeGreaterThanOrEqual(1);
    }
    const users = await t.app.inject({ method: 'GET', url: '/api/users', headers: t.callers.admin.headers });
    const roleOf = new Map(
      (users.json() as Array<{ email: string; role: string }>).map((u) => [u.email, u.role]),
    );
    // No forged role, _id or __proto__ made a customer an admin.
    expect(roleOf.get(t.callers.customerA.email)).not.toBe('admin');
    expect(roleOf.get(t.callers.customerB.email)).not.toBe('admin');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });
});
