import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process.ts';

// Restarting the server keeps the data (PGlite files in DATA_DIR), and a
// second process on the same folder is refused instead of silently losing writes.

const dataDir = mkdtempSync(join(tmpdir(), 'agritools-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = {
  DATA_DIR: dataDir,
  AUTH_SECRET: 'restart-test-secret-restart-test-secret-01',
  ADMIN_EMAIL: 'owner@restart.test',
  ADMIN_PASSWORD: 'restart-owner-passphrase',
};

async function adminToken(url: string): Promise<string> {
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const sync = await fetch(`${url}/api/user/${encodeURIComponent(env.ADMIN_EMAIL)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ email: env.ADMIN_EMAIL }),
  });
  expect(sync.status).toBe(200);
  return ((await sync.json()) as { token: string }).token;
}

describe('the embedded database across restarts', () => {
  it('keeps a product added before a graceful restart, and refuses a second process', async () => {
    const first = await startServerProcess({ ...env, PUBLIC_URL: 'http://127.0.0.1:3330' }, 3330);
    let added: string;
    try {
      const token = await adminToken(first.url);
      const response = await fetch(`${first.url}/api/product`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: 'Restart-proof rake',
          price: 12.5,
          stock: 7,
          minOrder: 1,
          rating: 4,
          img: '/images/products/bow-rake.svg',
          description: 'Still here after a restart.',
        }),
      });
      expect(response.status).toBe(201);
      added = ((await response.json()) as { insertedId: string }).insertedId;

      // A second server on the same folder must not start (it would lose writes).
      await expect(startServerProcess({ ...env, PUBLIC_URL: 'http://127.0.0.1:3331' }, 3331)).rejects.toThrow(
        /in use by another process/,
      );
    } finally {
      await first.stop();
    }

    const second = await startServerProcess({ ...env, PUBLIC_URL: 'http://127.0.0.1:3332' }, 3332);
    try {
      const product = await fetch(`${second.url}/api/product/${added}`);
      expect(product.status).toBe(200);
      expect(await product.json()).toMatchObject({ name: 'Restart-proof rake', price: 12.5, stock: 7 });
    } finally {
      await second.stop();
    }
  });
});
