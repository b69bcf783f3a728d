// Page speed (issue 6): Lighthouse (mobile, default throttling) on /, /blogs, /login and
// /placeorder/{id} with Debian's Chromium, plus the gzip size of the JavaScript each route loads.
// Run: npm run build && npx tsx bench/pages.bench.ts
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { printTable, startShop } from './lib.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const flags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DEMO_CUSTOMER = {
  email: 'customer@agritools.local',
  password: process.env.DEMO_CUSTOMER_PASSWORD ?? 'agritools-customer',
};

const shop = await startShop({ NODE_ENV: 'development' }, 3205);
try {
  const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Array<{ _id: string }>;
  const orderPath = `/placeorder/${products[0]!._id}`;
  // /placeorder needs a signed-in customer: sign the demo customer in and hand its session cookie to both tools.
  const signIn = await fetch(`${shop.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!signIn.ok || !cookie)
    console.warn(`demo customer sign-in failed (${signIn.status}); ${orderPath} is measured signed out`);
  const pages = ['/', '/blogs', '/login', orderPath];

  // JavaScript per route: what Chromium actually downloads, gzip-compressed.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: flags });
  const sizeRows = [];
  for (const path of pages) {
    const context = await browser.newContext({
      extraHTTPHeaders: path === orderPath && cookie ? { cookie } : {},
    });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
    const total = [...scripts.values()].reduce((sum, n) => sum + n, 0);
    sizeRows.push({
      page: path.startsWith('/placeorder') ? '/placeorder/{id}' : path,
      'JS files': scripts.size,
      'JS gzip KB': (total / 1024).toFixed(1),
    });
    await context.close();
  }
  await browser.close();
  printTable('JavaScript loaded per route (gzip)', sizeRows);

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...flags],
  });
  const rows = [];
  try {
    for (const path of pages) {
      const runnerResult = await lighthouse(`${shop.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders: path === orderPath && cookie ? { cookie } : undefined,
      });
      const lhr = runnerResult?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
      rows.push({
        page: path.startsWith('/placeorder') ? '/placeorder/{id}' : path,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        'LCP ms': Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        'TBT ms': Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        CLS: (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
        'FCP ms': Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
      });
    }
  } finally {
    chrome.kill();
  }
  printTable('Lighthouse, mobile (simulated throttling)', rows);
} finally {
  await shop.stop();
}
