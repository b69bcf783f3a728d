// The JavaScript each public page loads, gzip-compressed, in English and in Bengali: every
// script Chromium downloads while opening the page (the entry chunk, what it preloads and the
// route's lazy chunks), compressed at gzip level 9 here so the figure does not depend on the
// server's compression settings. Targets: at most 90 KB for / and 100 KB for /bn/.
// Run: npm run build && npx tsx bench/page-js.bench.ts
// (BENCH_PORT picks the shop's port, default 3314; BENCH_PAGES=/,/bn/ measures only those.)
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { printTable, startShop } from './lib.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The most JavaScript (gzip KB) a page may load, where the shop has a goal for it. */
export const JS_TARGETS_KB: Record<string, number> = { '/': 90, '/bn/': 100 };

export interface PageScripts {
  page: string;
  files: number;
  gzipBytes: number;
}

/** The scripts Chromium downloads for `path` (with `cookie` sent, if given), gzip-compressed. */
export async function scriptsOf(
  browser: Browser,
  baseUrl: string,
  path: string,
  cookie = '',
): Promise<PageScripts> {
  const context = await browser.newContext({ extraHTTPHeaders: cookie ? { cookie } : {} });
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const pending: Array<Promise<void>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => void scripts.set(response.url(), gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    );
  });
  // networkidle: the lazy chunks a page asks for after its first render count too.
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  if (process.env.BENCH_VERBOSE)
    for (const [url, bytes] of [...scripts].sort((a, b) => b[1] - a[1]))
      console.log(`${path}\t${(bytes / 1024).toFixed(1)} KB\t${new URL(url).pathname}`);
  return {
    page: path,
    files: scripts.size,
    gzipBytes: [...scripts.values()].reduce((sum, n) => sum + n, 0),
  };
}

export function sizeRow(result: PageScripts, label = result.page) {
  const target = JS_TARGETS_KB[label];
  const kb = result.gzipBytes / 1024;
  return {
    page: label,
    'JS files': result.files,
    'JS gzip KB': kb.toFixed(1),
    target: target ? `<= ${target}` : '',
    met: target ? (kb <= target ? 'yes' : 'NO') : '',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
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
}
