// The JavaScript each public page loads, gzip-compressed, in English and in Bengali: every
// script Chromium downloads while opening the page (the entry chunk, what it preloads and the
// route's lazy chunks), compressed at gzip level 9 here so the figure does not depend on the
// server's compression settings. Targets: at most 90 KB for / and 100 KB for /bn/.
// Run: npm run build && npx tsx bench/page-js.bench.ts
// (BENCH_PORT picks the shop's port, default 3314; BENCH_PAGES=/,/bn/ measures only those.)
import { chromium } from '@playwright/test';
import { printTable, startShop } from './lib.ts';
import { CHROMIUM, CHROMIUM_FLAGS, scriptsOf, sizeRow } from './browser.ts';

const port = Number(process.env.BENCH_PORT ?? 3314);
const shop = await startShop({}, port);
try {
  const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Array<{ _id: string }>;
  const id = products[0]!._id;
  const english = ['/', '/blogs', '/myportfolio', '/login', '/signup', '/products', `/product/${id}`];
  const pages = process.env.BENCH_PAGES
    ? process.env.BENCH_PAGES.split(',').map((path) => path.replace('{id}', id))
    : [...english, ...english.map((path) => (path === '/' ? '/bn/' : `/bn${path}`))];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const path of pages)
      rows.push(sizeRow(await scriptsOf(browser, shop.url, path), path.replace(id, '{id}')));
  } finally {
    await browser.close();
  }
  printTable('JavaScript loaded per public page (gzip level 9)', rows);
} finally {
  await shop.stop();
}
