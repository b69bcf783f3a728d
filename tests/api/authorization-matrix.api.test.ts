import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, users } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signUp, syncUser } from '../support/identity.ts';
import { createCategory, createProduct } from '../factories/products.ts';
import { createUser } from '../factories/users.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';

// Every /api route x {visitor, customer A, customer B, admin}, from ONE
// declaration. Resources in a row belong to customer A. A route the server registers without
// a row here fails the suite, so a new endpoint cannot ship unauthorised by accident.

type Caller = 'visitor' | 'customerA' | 'customerB' | 'admin';
const CALLERS: Caller[] = ['visitor', 'customerA', 'customerB', 'admin'];

interface Fixture {
  productId: string;
  /** An unpaid order of customer A's. */
  orderId: string;
  /** The checkout that order belongs to. */
  checkoutId: string;
  aEmail: string;
  aId: string;
  /** A plain user nobody else touches, to promote. */
  otherEmail: string;
  /** An empty category of its own. */
  categoryId: string;
}
interface Row {
  route: string;
  request: (f: Fixture) => { url: string; payload?: unknown; contentType?: string };
  expect: [visitor: number, customerA: number, customerB: number, admin: number];
}

const everyone = (status: number): Row['expect'] => [status, status, status, status];

const matrix: Row[] = [
  // Public reads
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: everyone(200) },
  { route: 'GET /api/products', request: () => ({ url: '/api/products' }), expect: everyone(200) },
  {
    route: 'GET /api/product/:id',
    request: (f) => ({ url: `/api/product/${f.productId}` }),
    expect: everyone(200),
  },
  { route: 'GET /api/reviews', request: () => ({ url: '/api/reviews' }), expect: everyone(200) },
  { route: 'GET /api/categories', request: () => ({ url: '/api/categories' }), expect: everyone(200) },
  { route: 'GET /api/auth-config', request: () => ({ url: '/api/auth-config' }), expect: everyone(200) },
  // API documentation is public
  { route: 'GET /api/openapi.json', request: () => ({ url: '/api/openapi.json' }), expect: everyone(200) },
  { route: 'GET /api/docs', request: () => ({ url: '/api/docs' }), expect: everyone(200) },
  { route: 'GET /api/docs/json', request: () => ({ url: '/api/docs/json' }), expect: everyone(200) },
  { route: 'GET /api/docs/yaml', request: () => ({ url: '/api/docs/yaml' }), expect: everyone(200) },
  {
    route: 'GET /api/docs/static/index.html',
    request: () => ({ url: '/api/docs/static/index.html' }),
    expect: everyone(302) /* swagger-ui redirects its old index address to /api/docs/ */,
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/docs/static/*',
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
    expect: everyone(200),
  },
  // Identity layer (Better Auth): the session read is public; a wrong password is 401 for anyone
  { route: 'GET /api/auth/*', request: () => ({ url: '/api/auth/get-session' }), expect: everyone(200) },
  {
    route: 'POST /api/auth/*',
    request: () => ({
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.test', password: 'wrong-password' },
    }),
    expect: everyone(401),
  },
  // Catalogue writes: admin only
  {
    route: 'POST /api/product',
    request: () => ({
      url: '/api/product',
      payload: {
        name: 'Matrix rake',
        price: 10,
        stock: 5,
        minOrder: 1,
        rating: 4,
        img: '/images/x.svg',
        description: 'd',
      },
    }),
    expect: [401, 403, 403, 201],
  },
  {
    route: 'GET /api/product/:id/images',
    request: (f) => ({ url: `/api/product/${f.productId}/images` }),
    expect: everyone(200),
  },
  {
    // The admin reaches the upload's checks: a JSON body is not a multipart upload (415).
    route: 'POST /api/product/:id/images',
    request: (f) => ({ url: `/api/product/${f.productId}/images`, payload: { file: 'x' } }),
    expect: [401, 403, 403, 415],
  },
  {
    route: 'DELETE /api/product/:id/images/:imageId',
    request: (f) => ({ url: `/api/product/${f.productId}/images/0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d` }),
    expect: [401, 403, 403, 404],
  },
  {
    route: 'PUT /api/product/:id',
    request: (f) => ({
      url: `/api/product/${f.productId}`,
      payload: {
        name: 'Matrix rake, edited',
        price: 11,
        stock: 50,
        minOrder: 1,
        rating: 4,
        img: '/images/x.svg',
        description: 'd',
      },
    }),
    expect: [401, 403, 403, 200],
  },
  {
    route: 'POST /api/categories',
    request: (f) => ({ url: '/api/categories', payload: { name: `Matrix ${f.categoryId}` } }),
    expect: [401, 403, 403, 201],
  },
  {
    route: 'PUT /api/categories/:id',
    request: (f) => ({ url: `/api/categories/${f.categoryId}`, payload: { name: 'Renamed' } }),
    expect: [401, 403, 403, 200],
  },
  {
    route: 'DELETE /api/categories/:id',
    request: (f) => ({ url: `/api/categories/${f.categoryId}` }),
    expect: [401, 403, 403, 200],
  },
  {
    route: 'DELETE /api/product/:id',
    request: (f) => ({ url: `/api/product/${f.productId}` }),
    expect: [401, 403, 403, 200],
  },
  // Reviews: any signed-in account, under its own name
  {
    route: 'POST /api/review',
    request: () => ({ url: '/api/review', payload: { rating: 5, message: 'Solid' } }),
    expect: [401, 201, 201, 201],
  },
  {
    route: 'GET /api/products/export.csv',
    request: () => ({ url: '/api/products/export.csv' }),
    expect: [401, 403, 403, 200],
  },
  {
    route: 'POST /api/products/import',
    request: () => ({
      url: '/api/products/import',
      payload: 'name,description,price,stock,min_order,rating,img',
      contentType: 'text/csv',
    }),
    expect: [401, 403, 403, 200],
  },
  // Orders
  {
    route: 'POST /api/order',
    request: (f) => ({ url: '/api/order', payload: orderBody(f.productId) }),
    expect: [401, 201, 201, 201],
  },
  {
    route: 'GET /api/order',
    request: (f) => ({ url: `/api/order?email=${encodeURIComponent(f.aEmail)}` }),
    expect: [401, 200, 403, 200],
  },
  { route: 'GET /api/orders', request: () => ({ url: '/api/orders' }), expect: [401, 403, 403, 200] },
  {
    route: 'DELETE /api/order/:id',
    request: (f) => ({ url: `/api/order/${f.orderId}` }),
    expect: [401, 200, 403, 200],
  },
  {
    route: 'GET /api/order/:id',
    request: (f) => ({ url: `/api/order/${f.orderId}` }),
    expect: [401, 200, 403, 200],
  },
  {
    route: 'POST /api/order/:id/status',
    request: (f) => ({ url: `/api/order/${f.orderId}/status`, payload: { status: 'paid' } }),
    expect: [401, 403, 403, 200],
  },
  {
    route: 'PATCH /api/order/:id',
    request: (f) => ({ url: `/api/order/${f.orderId}`, payload: { paid: true } }),
    expect: [401, 403, 403, 200],
  },
  // Cart and checkout: any signed-in account, its own cart
  {
    route: 'GET /api/checkout/options',
    request: () => ({ url: '/api/checkout/options' }),
    expect: everyone(200),
  },
  { route: 'GET /api/cart', request: () => ({ url: '/api/cart' }), expect: [401, 200, 200, 200] },
  {
    route: 'PUT /api/cart',
    request: () => ({ url: '/api/cart', payload: { items: [] } }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/checkout',
    request: (f) => ({
      url: '/api/checkout',
      payload: {
        items: [{ productId: f.productId, quantity: 1 }],
        phone: '01712345678',
        address: 'Farm 9',
        district: 'Rajshahi',
        paymentMethod: 'cod',
      },
    }),
    expect: [401, 201, 201, 201],
  },
  {
    route: 'GET /api/checkout/:id/invoice',
    request: (f) => ({ url: `/api/checkout/${f.checkoutId}/invoice` }),
    expect: [401, 200, 403, 200],
  },
  // Paying online: the owner only (422 here: this test app has no gateway configured)
  {
    route: 'POST /api/order/:id/pay',
    request: (f) => ({ url: `/api/order/${f.orderId}/pay`, payload: { method: 'sslcommerz' } }),
    expect: [401, 422, 403, 403],
  },
  // The gateway's calls: public, proven by asking the gateway (payments.service.ts)
  {
    route: 'POST /api/payments/sslcommerz/ipn',
    request: () => ({ url: '/api/payments/sslcommerz/ipn', payload: {} }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/payments/sslcommerz/success',
    request: () => ({ url: '/api/payments/sslcommerz/success', payload: {} }),
    expect: everyone(303),
  },
  {
    route: 'POST /api/payments/sslcommerz/fail',
    request: () => ({ url: '/api/payments/sslcommerz/fail', payload: {} }),
    expect: everyone(303),
  },
  {
    route: 'POST /api/payments/sslcommerz/cancel',
    request: () => ({ url: '/api/payments/sslcommerz/cancel', payload: {} }),
    expect: everyone(303),
  },
  // Users: the sync needs the identity session of that very email
  {
    route: 'PUT /api/user/:email',
    request: (f) => ({
      url: `/api/user/${encodeURIComponent(f.aEmail)}`,
      payload: { email: f.aEmail, name: 'A' },
    }),
    expect: [401, 200, 403, 403],
  },
  {
    route: 'GET /api/admin/:email',
    request: (f) => ({ url: `/api/admin/${encodeURIComponent(f.aEmail)}` }),
    expect: [401, 200, 403, 200],
  },
  {
    route: 'GET /api/user',
    request: (f) => ({ url: `/api/user?email=${encodeURIComponent(f.aEmail)}` }),
    expect: [401, 200, 403, 200],
  },
  {
    route: 'PUT /api/user/profile/:id',
    request: (f) => ({ url: `/api/user/profile/${f.aId}`, payload: { address: 'Farm 9' } }),
    expect: [401, 200, 403, 403],
  },
  { route: 'GET /api/users', request: () => ({ url: '/api/users' }), expect: [401, 403, 403, 200] },
  {
    route: 'PUT /api/user/admin/:email',
    request: (f) => ({ url: `/api/user/admin/${encodeURIComponent(f.otherEmail)}` }),
    expect: [401, 403, 403, 200],
  },
];

let t: TestApp;
const headers: Record<Caller, Record<string, string>> = {
  visitor: {},
  customerA: {},
  customerB: {},
  admin: {},
};
let aEmail = '';
let aId = '';

/** A real account: identity session cookie plus the access token the sync hands out. */
async function realAccount(role: 'user' | 'admin') {
  const session = await signUp(t.app);
  if (role === 'admin')
    await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, session.userId));
  const sync = await syncUser(t.app, session, { name: session.name });
  if (sync.statusCode !== 200) throw new Error(`sync failed: ${sync.statusCode} ${sync.body}`);
  return { ...session, headers: { cookie: session.cookie, authorization: `Bearer ${sync.json().token}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  const [a, b, admin] = [await realAccount('user'), await realAccount('user'), await realAccount('admin')];
  headers.customerA = a.headers;
  headers.customerB = b.headers;
  headers.admin = admin.headers;
  aEmail = a.email;
  aId = a.userId;
});
afterAll(() => t.close());

async function freshFixture(): Promise<Fixture> {
  const product = await createProduct(t.app, { stock: 100, minOrder: 1 });
  const orderId = await placeOrder(t.app, { headers: headers.customerA }, product._id);
  const [order] = await t.app.db
    .select({ checkoutId: orders.checkoutId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const other = await createUser(t.app);
  const category = await createCategory(t.app);
  return {
    productId: product._id,
    orderId,
    checkoutId: order!.checkoutId!,
    aEmail,
    aId,
    otherEmail: other.email,
    categoryId: category.id,
  };
}

describe('authorisation matrix', () => {
  it('has exactly one row for every /api route the server registers', () => {
    const registered = t.app.routeList.filter((route) => / \/api(\/|$)/.test(route)).sort();
    const declared = matrix.map((row) => row.route).sort();
    expect(declared).toEqual([...new Set(declared)]);
    expect(declared).toEqual(registered);
  });

  for (const row of matrix) {
    for (const [index, caller] of CALLERS.entries()) {
      const status = row.expect[index];
      it(`${row.route} as ${caller} answers ${status}`, async () => {
        const { url, payload, contentType } = row.request(await freshFixture());
        const method = row.route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        const response = await t.app.inject({
          method,
          url,
          headers: {
            ...headers[caller],
            ...(url.startsWith('/api/auth') ? { origin: 'http://localhost:3000' } : {}),
            ...(contentType ? { 'content-type': contentType } : {}),
          },
          payload: payload as Record<string, unknown> | string | undefined,
        });
        expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
      });
    }
  }
});
