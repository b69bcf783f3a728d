// What the page benches share: Debian's Chromium with the flags this machine needs, and the
// JavaScript a page makes Chromium download, gzip-compressed at level 9 so the figure does not
// depend on the server's compression settings.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';

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
/**
 * Lighthouse's CPU slowdown. Its mobile setting (4) multiplies the main thread's work it observes
 * by four; BENCH_CPU_SLOWDOWN=8 counts every task twice as long again, which is what a machine
 * half as fast as this one would observe. The targets are judged at 4.
 */
export const CPU_SLOWDOWN = Number(
  process.env.BENCH_CPU_SLOWDOWN ?? throttling.mobileSlow4G.cpuSlowdownMultiplier,
);

/** Debian's Chromium, headless, for Lighthouse to drive. */
export const launchChromeForLighthouse = () =>
  chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });

/**
 * One Lighthouse run of `url` in the Chromium listening on `port`: performance only, mobile,
 * simulated slow 4G with the CPU slowed CPU_SLOWDOWN times. Both page benches measure this way.
 */
export const runLighthouse = (port: number, url: string) =>
  lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
  });
/** The most JavaScript (gzip KB) a page may load, where the shop has a goal for it. */
export const JS_TARGETS_KB: Record<string, number> = { '/': 90, '/bn/': 100 };

export interface PageScripts {
  page: string;
  files: number;
  gzipBytes: number;
}

/** A cookie for the browser's jar: what a sign-in answered, for the shop's address. */
export interface JarCookie {
  name: string;
  value: string;
  url: string;
}

/**
 * The cookies a sign-in answered (`Set-Cookie`), for the browser's jar. They must go into the
 * jar, not into a `cookie` request header: once the app has set a cookie of its own (`lang`,
 * as it starts), Chromium sends the jar's cookies instead of that header, and the page's later
 * requests arrive signed out (the user sync answered 401 and the app went on to /login).
 */
function jarCookies(response: Response, url: string): JarCookie[] {
  return response.headers.getSetCookie().map((header) => {
    const pair = header.split(';')[0]!;
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}

/** The demo customer (README), as the benches that measure a signed-in page sign it in. */
const DEMO_CUSTOMER = {
  email: 'customer@agritools.local',
  password: process.env.DEMO_CUSTOMER_PASSWORD ?? 'agritools-customer',
};

/**
 * Signs the demo customer in on the shop at `url`: the answer's status and the session's cookies
 * for a browser's jar (none when the sign-in was refused). Better Auth refuses a sign-in whose
 * Origin is not the shop's public URL (403): start the shop with PUBLIC_URL set to `url`.
 */
export async function signInDemoCustomer(url: string): Promise<{ status: number; cookies: JarCookie[] }> {
  const answer = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  return { status: answer.status, cookies: answer.ok ? jarCookies(answer, url) : [] };
}

/**
 * The cookie jar of the Chromium that Lighthouse drives (on `port`). Lighthouse keeps the
 * browser's cookies between runs (it clears caches and service workers, not cookies or local
 * storage), so before each page `holdSession(signedIn)` puts `cookies` in for a page measured
 * signed in and takes them out for every other page.
 */
export async function lighthouseCookieJar(port: number, cookies: JarCookie[]) {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const jar = cdp.contexts()[0]!;
  return {
    async holdSession(signedIn: boolean) {
      await jar.clearCookies();
      if (signedIn) await jar.addCookies(cookies);
    },
    close: () => cdp.close(),
  };
}

/** The scripts Chromium downloads for `path` (with `cookies` in its jar, if given), gzip-compressed. */
export async function scriptsOf(
  browser: Browser,
  baseUrl: string,
  path: string,
  cookies: JarCookie[] = [],
): Promise<PageScripts> {
  const context = await browser.newContext();
  await context.addCookies(cookies);
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
  const ended = new URL(page.url()).pathname;
  if (ended !== new URL(`${baseUrl}${path}`).pathname) throw new Error(`${path} went on to ${ended}`);
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
