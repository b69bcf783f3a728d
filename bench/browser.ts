// What the page benches share: Debian's Chromium with the flags this machine needs, and the
// JavaScript a page makes Chromium download, gzip-compressed at level 9 so the figure does not
// depend on the server's compression settings.
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

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
