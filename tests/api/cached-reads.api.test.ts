import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/products.ts';
import { createAdmin, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The catalogue's cached reads (one product, the spec's list) are answered by the shop's HTTP
// server before Fastify (docs/decisions/041-cached-reads-before-fastify.md). They must answer
// exactly what Fastify answers, and leave to Fastify everything else. The app listens here, as
// `app.inject` would go past the server.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let t: TestApp;
let origin: string;
let admin: TestUser;
/** Requests that reached Fastify's routing (its first hook). */
let reachedFastify = 0;
const lines: string[] = [];

/** A GET (or HEAD) over a connection, the body as its bytes (nothing is decompressed). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${origin}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The headers of an answer but those that differ from one answer to the next anyway. */
const lasting = ({ date: _date, ...headers }: Answer['headers']) => headers;

/** How many of the requests `ask` makes reach Fastify. */
async function fastifyCount(ask: () => Promise<unknown>) {
  const before = reachedFastify;
  await ask();
  return reachedFastify - before;
}

beforeAll(async () => {
  t = await createTestApp(
    // The proxy in front of the shop is believed, so the log line names the client it forwards.
    { TRUST_PROXY: '1' },
    {
      logDestination: { write: (line: string) => lines.push(line) },
      beforeReady: (app) =>
        app.addHook('onRequest', (_request, _reply, done) => {
          reachedFastify += 1;
          done();
        }),
    },
  );
  admin = await createAdmin(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('cached catalogue reads', () => {
  it('answer again without Fastify, with the bytes and headers Fastify sent, in every encoding', async () => {
    // Long enough (over 1 KiB) to be sent compressed to a client that takes it.
    const product = await createProduct(t.app, { description: 'A long, sturdy handle. '.repeat(60) });
    const addresses = [
      `/api/product/${product.id}`,
      `/api/product/${product.id}?lang=bn`,
      '/api/products',
      '/api/products?lang=bn',
    ];
    for (const encoding of ['identity', 'gzip', 'br', 'gzip, deflate, br']) {
      t.app.catalogue.cache.invalidate();
      for (const address of addresses) {
        const label = `${address} (${encoding})`;
        let first: Answer | undefined;
        expect(
          await fastifyCount(async () => (first = await get(address, { 'accept-encoding': encoding }))),
          label,
        ).toBe(1);
        let again: Answer | undefined;
        expect(
          await fastifyCount(async () => (again = await get(address, { 'accept-encoding': encoding }))),
          label,
        ).toBe(0);
        expect(first!.status, label).toBe(200);
        expect(again!.status, label).toBe(200);
        expect(lasting(again!.headers), label).toEqual(lasting(first!.headers));
        expect(again!.body.equals(first!.body), label).toBe(true);
        // The API's headers are all there (the security headers among them).
        expect(again!.headers['cache-control'], label).toBe('no-store');
        expect(again!.headers['content-security-policy'], label).toContain("default-src 'self'");
        expect(again!.headers['x-content-type-options'], label).toBe('nosniff');
      }
      const compressed = (await get(addresses[0]!, { 'accept-encoding': encoding })).headers[
        'content-encoding'
      ];
      expect(compressed, encoding).toBe(
        encoding === 'identity' ? undefined : encoding.includes('br') ? 'br' : 'gzip',
      );
    }
  });

  it('leave to Fastify what the cache does not hold and every other kind of request', async () => {
    const product = await createProduct(t.app);
    const one = `/api/product/${product.id}`;
    await get(one);
    await get('/api/products?limit=5');
    for (const [label, ask] of [
      ['a HEAD', () => get(one, {}, 'HEAD')],
      ['another parameter', () => get(`${one}?lang=bn&x=1`)],
      ['another page of the list', () => get('/api/products?limit=5')],
      ['a search', () => get('/api/products?q=tool')],
      ['a product that does not exist', () => get('/api/product/00000000-0000-4000-8000-000000000000')],
      ['a language that does not exist', () => get(`${one}?lang=fr`)],
      ['an id that is not one', () => get('/api/product/not-an-id')],
    ] as const)
      expect(await fastifyCount(ask), label).toBe(1);
    expect((await get('/api/product/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get(`${one}?lang=fr`)).status).toBe(400);
  });

  it('answer what an admin has just changed', async () => {
    const product = await createProduct(t.app, { priceCents: 1999 });
    const price = async () =>
      (JSON.parse((await get(`/api/product/${product.id}`)).body.toString()) as { price: number }).price;
    expect(await price()).toBe(19.99);
    expect(await fastifyCount(price)).toBe(0);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: {
        name: product.name,
        price: 24.5,
        stock: product.stock,
        minOrder: product.minOrder,
        rating: product.rating,
        img: product.img,
        description: product.description,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(await price()).toBe(24.5);
  });

  it('write the same request line as Fastify does, with the client the proxy names', async () => {
    const product = await createProduct(t.app);
    const address = `/api/product/${product.id}`;
    const from = lines.length;
    expect(await fastifyCount(() => get(address, { 'x-forwarded-for': '203.0.113.7' }))).toBe(1);
    expect(await fastifyCount(() => get(address, { 'x-forwarded-for': '203.0.113.8' }))).toBe(0);
    const requestLines = lines
      .slice(from)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request completed');
    expect(requestLines).toHaveLength(2);
    const [byFastify, byServer] = requestLines as [Record<string, unknown>, Record<string, unknown>];
    expect(Object.keys(byServer).sort()).toEqual(Object.keys(byFastify).sort());
    expect(byServer).toMatchObject({ method: 'GET', url: address, statusCode: 200, ip: '203.0.113.8' });
    expect(byFastify).toMatchObject({ method: 'GET', url: address, statusCode: 200, ip: '203.0.113.7' });
    expect(byServer.reqId).not.toBe(byFastify.reqId);
  });
});
