import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { spaPlugin } from './spa.ts';

// A build's layout in miniature: index.html (the spinner shell), one asset and, when asked,
// the prerendered pages with their manifest (src/web/prerender.tsx, vite.config.ts).
function fakeBuild(manifest?: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'agritools-spa-'));
  writeFileSync(join(root, 'index.html'), '<p>shell</p>');
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'outside the prerendered folder');
  if (manifest) {
    mkdirSync(join(root, 'prerendered'));
    for (const file of new Set(Object.values(manifest)))
      if (file.startsWith('prerendered/')) writeFileSync(join(root, file), `<p>page ${file}</p>`);
    writeFileSync(join(root, 'prerendered', 'manifest.json'), JSON.stringify(manifest));
  }
  return root;
}

let app: FastifyInstance | undefined;
let root: string | undefined;
afterEach(async () => {
  await app?.close();
  if (root) rmSync(root, { recursive: true, force: true });
  app = undefined;
  root = undefined;
});

async function serve(manifest?: Record<string, string>) {
  root = fakeBuild(manifest);
  app = Fastify();
  await app.register(spaPlugin, { root });
  await app.ready();
  return app;
}

describe('the SPA plugin', () => {
  it('answers each prerendered path with its own page, and every other page with the shell', async () => {
    const shop = await serve({
      '/': 'prerendered/root.html',
      '/login': 'prerendered/login.html',
    });
    const home = await shop.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe('<p>page prerendered/root.html</p>');
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect((await shop.inject('/login?redirect=%2Fdashboard')).body).toBe(
      '<p>page prerendered/login.html</p>',
    );
    expect((await shop.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);

    for (const path of ['/dashboard', '/placeorder/abc', '/login/', '/Dashboard/MyOrders']) {
      const page = await shop.inject(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.body, path).toBe('<p>shell</p>');
    }
  });

  it('answers an address the app has no page for with the app (its not-found page) and a 404', async () => {
    const shop = await serve({ '/': 'prerendered/root.html', '/bn/*': 'prerendered/bn-shell.html' });
    for (const [path, body] of [
      ['/no-such-page', '<p>shell</p>'],
      ['/index.html/x', '<p>shell</p>'],
      ['/placeorder/abc/more', '<p>shell</p>'],
      ['/dashboard/nothing', '<p>shell</p>'],
      ['/bn/nothing', '<p>page prerendered/bn-shell.html</p>'],
      ['/bn/*', '<p>page prerendered/bn-shell.html</p>'],
    ]) {
      const page = await shop.inject(path!);
      expect(page.statusCode, path).toBe(404);
      expect(page.headers['content-type'], path).toMatch(/^text\/html/);
      expect(page.body, path).toBe(body);
    }
    // The pages it has keep their 200, with their parameters and in Bengali.
    for (const path of ['/dashboard/orders/abc', '/bn/dashboard/payment/abc', '/reset-password', '/bn'])
      expect((await shop.inject(path)).statusCode, path).toBe(200);
  });

  it('serves the shell at / when the build has no prerendered pages', async () => {
    const shop = await serve();
    const home = await shop.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe('<p>shell</p>');
    expect(home.headers['cache-control']).toBe('no-cache');
  });

  it('ignores manifest entries that point outside the prerendered folder', async () => {
    const shop = await serve({
      '/leak': '../secret.txt',
      '/also': 'secret.txt',
      '/login': 'prerendered/login.html',
    });
    expect((await shop.inject('/leak')).body).toBe('<p>shell</p>');
    expect((await shop.inject('/also')).body).toBe('<p>shell</p>');
    expect((await shop.inject('/login')).body).toBe('<p>page prerendered/login.html</p>');
  });

  it('keeps assets immutable and answers a missing asset or API path with the JSON 404', async () => {
    const shop = await serve({ '/': 'prerendered/root.html' });
    const asset = await shop.inject('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/assets/app-0000.js', '/api/nothing-here']) {
      const missing = await shop.inject(path);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json(), path).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('answers Bengali pages with their own prerendered HTML, and other /bn/ pages with the Bengali shell', async () => {
    const shop = await serve({
      '/': 'prerendered/root.html',
      '/bn/': 'prerendered/bn-root.html',
      '/bn/login': 'prerendered/bn-login.html',
      '/bn/*': 'prerendered/bn-shell.html',
    });
    expect((await shop.inject('/bn/')).body).toBe('<p>page prerendered/bn-root.html</p>');
    expect((await shop.inject('/bn')).body).toBe('<p>page prerendered/bn-root.html</p>');
    expect((await shop.inject('/bn/login')).body).toBe('<p>page prerendered/bn-login.html</p>');
    for (const path of ['/bn/dashboard/myorders', '/bn/placeorder/abc']) {
      const page = await shop.inject(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.body, path).toBe('<p>page prerendered/bn-shell.html</p>');
    }
    expect((await shop.inject('/dashboard')).body).toBe('<p>shell</p>');
  });

  it('sends a reader who chose Bengali from an English page to the same page in Bengali', async () => {
    const shop = await serve({ '/': 'prerendered/root.html', '/bn/': 'prerendered/bn-root.html' });
    const chose = { cookie: 'theme=x; lang=bn' };
    const home = await shop.inject({ url: '/', headers: chose });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/bn/');
    expect(home.headers.vary).toBe('Cookie');
    const page = await shop.inject({ url: '/placeorder/abc?x=1', headers: chose });
    expect(page.headers.location).toBe('/bn/placeorder/abc?x=1');
    // English chosen, no choice, or just switched to English from a Bengali page: English.
    expect((await shop.inject({ url: '/', headers: { cookie: 'lang=en' } })).statusCode).toBe(200);
    expect((await shop.inject('/')).statusCode).toBe(200);
    const switched = await shop.inject({
      url: '/',
      headers: { ...chose, host: 'shop.test', referer: 'http://shop.test/bn/login' },
    });
    expect(switched.statusCode).toBe(200);
    // Bengali pages, assets and the API are never redirected.
    expect((await shop.inject({ url: '/bn/', headers: chose })).statusCode).toBe(200);
    expect((await shop.inject({ url: '/assets/app-1234.js', headers: chose })).statusCode).toBe(200);
    expect((await shop.inject({ url: '/api/nothing', headers: chose })).statusCode).toBe(404);
  });
});
