import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/shared/errors.ts';
import { useApiTest } from '../support/api-test.ts';
import { startScriptsSource } from '../../src/shared/start-scripts.ts';

const t = useApiTest();

describe('the API foundation', () => {
  it('answers /api/health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });

  it('answers unknown /api paths with the JSON 404 shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('NOT_FOUND');
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(errorBodySchema.safeParse(response.json()).success).toBe(true);
  });

  it('publishes the OpenAPI document and its UI', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    expect(Object.keys(doc.json().paths)).toContain('/api/health');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('sends security headers that keep the sign-in popup working', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Scripts from the site itself, and one inline script: the pages' start, by its hash.
    expect(response.headers['content-security-policy']).toContain(
      `script-src 'self' ${startScriptsSource()};`,
    );
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Plain-HTTP hosts must not be told to upgrade.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('compresses answers of 1 KiB or more in the encoding the client prefers, and no smaller ones', async () => {
    const doc = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': encoding } });
    expect((await doc('gzip, deflate, br')).headers['content-encoding']).toBe('br');
    expect((await doc('gzip')).headers['content-encoding']).toBe('gzip');
    expect((await doc('identity')).headers['content-encoding']).toBeUndefined();
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
