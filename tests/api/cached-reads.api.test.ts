import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/products.ts';
import { createAdmin, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';

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
/** Writes to products this file has made: the database sends the app a notice of each. */
let productWrites = 0;
/** The notices the app has acted on (each drops its cached answers). */
let noticesHeard = 0;
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

/**
 * The headers of an answer but those that differ from one answer to the next anyway: the date,
 * and the length of a compressed form, which is made quickly for its first client and at full
 * strength for the next (lib/prepared-answer.ts).
 */
const lasting = ({ date: _date, 'content-length': _length, ...headers }: Answer['headers']) => headers;

/** The answer's body as it was before it was compressed for the wire. */
function decoded({ headers, body }: Answer): Buffer {
  if (headers['content-encoding'] === 'br') return brotliDecompressSync(body);
  if (headers['content-encoding'] === 'gzip') return gunzipSync(body);
  return body;
}

/**
 * Waits until the app has heard the notice of every write this file made to products: PGlite
 * gives it as the write completes, PostgreSQL a moment later, and a notice arriving in the middle
 * of a test would drop the answers the test expects the cache to hold.
 */
const everyNoticeHeard = () =>
  expect.poll(() => noticesHeard, { timeout: 10_000 }).toBeGreaterThanOrEqual(productWrites);

/** A product written straight to the database, once the app has heard of it. */
async function createHeardProduct(overrides: Parameters<typeof createProduct>[1] = {}) {
  const product = await createProduct(t.app, overrides);
  productWrites += 1;
  await everyNoticeHeard();
  return product;
}

/** How many of the requests `ask` makes reach Fastify. */
async function fastifyCount(ask: () => Promise<unknown>) {
  const before = reachedFastify;
  await ask();
  return reachedFastify - before;
}

beforeAll(async () => {
  const database = await openTestDatabase();
  const listen = database.listen.bind(database);
  database.listen = (channel, onNotify) =>
    listen(channel, (payload) => {
      onNotify(payload);
      if (channel === 'catalogue_changed') noticesHeard += 1;
    });
  t = await createTestApp(
    // The proxy in front of the shop is believed, so the log line names the client it forwards.
    { TRUST_PROXY: '1' },
    {
      database,
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
  it('answer again without Fastify, with the body and headers Fastify sent, in every encoding', async () => {
    // Long enough (over 1 KiB) to be sent compressed to a client that takes it.
    const product = await createHeardProduct({ description: 'A long, sturdy handle. '.repeat(60) });
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
        let third: Answer | undefined;
        expect(
          await fastifyCount(async () => {
            again = await get(address, { 'accept-encoding': encoding });
            third = await get(address, { 'accept-encoding': encoding });
          }),
          label,
        ).toBe(0);
        expect(first!.status, label).toBe(200);
        expect(again!.status, label).toBe(200);
        expect(lasting(again!.headers), label).toEqual(lasting(first!.headers));
        expect(decoded(again!).equals(decoded(first!)), label).toBe(true);
        expect(Number(again!.headers['content-length']), label).toBe(again!.body.length);
        // Uncompressed, the very bytes Fastify sent; compressed, a form no bigger.
        if (encoding === 'identity') expect(again!.body.equals(first!.body), label).toBe(true);
        else expect(again!.body.length, label).toBeLessThanOrEqual(first!.body.length);
        // From then on, the same bytes every time.
        expect(third!.body.equals(again!.body), label).toBe(true);
        expect(third!.headers['content-length'], label).toBe(again!.headers['content-length']);
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

  it('send each form of an answer with its own length as the form is made again', async () => {
    const product = await createHeardProduct({ description: 'A long, sturdy handle. '.repeat(60) });
    const address = `/api/product/${product.id}`;
    t.app.catalogue.cache.invalidate();
    const plain = await get(address);
    // The compressed forms are first made here, before Fastify, quickly, then at full strength.
    for (const encoding of ['br', 'gzip']) {
      const answers: Answer[] = [];
      expect(
        await fastifyCount(async () => {
          for (let i = 0; i < 3; i++) answers.push(await get(address, { 'accept-encoding': encoding }));
        }),
        encoding,
      ).toBe(0);
      for (const answer of answers) {
        expect(answer.headers['content-encoding'], encoding).toBe(encoding);
        expect(Number(answer.headers['content-length']), encoding).toBe(answer.body.length);
        expect(decoded(answer).equals(plain.body), encoding).toBe(true);
      }
      expect(answers[2]!.body.equals(answers[1]!.body), encoding).toBe(true);
    }
  });

  it('leave to Fastify what the cache does not hold and every other kind of request', async () => {
    const product = await createHeardProduct();
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
    const product = await createHeardProduct({ priceCents: 1999 });
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
    productWrites += 1;
    expect(await price()).toBe(24.5);
  });

  it('write the same request line as Fastify does, with the client the proxy names', async () => {
    const product = await createHeardProduct();
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

    // Both are made from a template (lib/request-line.ts): each is the line the app's own logger
    // writes for the same fields, key for key and in the same order, but for the time.
    for (const line of [byFastify, byServer]) {
      const fields = {
        reqId: line.reqId,
        method: 'GET',
        url: address,
        statusCode: 200,
        ms: line.ms,
        ip: line.ip,
      };
      const before = lines.length;
      t.app.log.info(fields, 'request completed');
      const byPino = JSON.parse(lines[before]!) as Record<string, unknown>;
      expect(Object.keys(line)).toEqual(Object.keys(byPino));
      expect({ ...line, time: 0 }).toEqual({ ...byPino, time: 0 });
      expect(line.time).toBeGreaterThan(Date.now() - 60_000);
    }
  });
});
