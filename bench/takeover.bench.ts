// What a visitor sees while the app takes over a page the server drew (docs/decisions/021):
// Chromium with its CPU slowed BENCH_CPU_SLOWDOWN times (4 by default, a mid-range phone) opens
// each page BENCH_RUNS times (5), and a script in the page notes the time of every change to it
// from its first bytes on. Printed, medians of the runs, in ms from the start of the navigation:
// when the server's page was drawn, when the app drew its own frame, how long a loading
// spinner showed and how long the page's content (its cards, or its heading) was gone after the
// server had drawn it, and when the app's frame showed the content. The place-order page is
// opened by the demo customer twice: as a customer returning to the shop, whose browser holds
// the session and the access token the app stored at an earlier visit, and with the session
// alone (that token gone, or more than a day old), when the app must sync the user first.
// Run: npm run build && flock /tmp/agritools-heavy.lock npx tsx bench/takeover.bench.ts
import { chromium, type Browser } from '@playwright/test';
import { median, printTable, startShop } from './lib.ts';
import { CHROMIUM, CHROMIUM_FLAGS, signInDemoCustomer, type JarCookie } from './browser.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 3316);

/** One state of the page: when it began, and what it showed. */
interface Shown {
  at: number;
  content: boolean;
  spinner: boolean;
  app: boolean;
}

/** How long the states that `matches` lasted, from the first with content on. */
function lasted(shown: Shown[], matches: (state: Shown) => boolean): number {
  const first = shown.findIndex((state) => state.content);
  let total = 0;
  for (let i = Math.max(first, 0); i < shown.length - 1; i += 1)
    if (matches(shown[i]!)) total += shown[i + 1]!.at - shown[i]!.at;
  return total;
}

/** Who opens the page: a visitor, or the demo customer with the session (and the token). */
interface Visitor {
  cookies: JarCookie[];
  /** The app has stored its access token at an earlier visit to the shop in this browser. */
  tokenStored: boolean;
}

async function measure(browser: Browser, url: string, content: string, { cookies, tokenStored }: Visitor) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  try {
    if (tokenStored) {
      await page.goto(new URL('/', url).href);
      await page.waitForFunction(() => !!window.localStorage.getItem('accessToken'));
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    // Notes every state of the page. (Passed as it is: a named function would carry tsx's helpers.)
    await page.addInitScript((content) => {
      const shown: Shown[] = [];
      Object.assign(window, { shown });
      new MutationObserver(() =>
        shown.push({
          at: performance.now(),
          content: document.querySelector(content) !== null,
          // The spinner of the app (and of index.html), in either language.
          spinner: document.querySelector('[role="status"] .loading') !== null,
          // The app's frame starts with its skip link.
          app: document.querySelector('a[href="#main"]') !== null,
        }),
      ).observe(document, { childList: true, subtree: true, characterData: true });
    }, content);
    await page.goto(url);
    // Done when the app's frame shows the page's content and the page has been still a moment.
    await page.waitForFunction(() => {
      const shown = (window as unknown as { shown: Shown[] }).shown;
      const last = shown.at(-1);
      return last?.app && last.content && !last.spinner && performance.now() - last.at > 1_000;
    });
    const shown = await page.evaluate(() => (window as unknown as { shown: Shown[] }).shown);
    const firstContent = shown.find((state) => state.content)?.at ?? NaN;
    return {
      serverPainted: shown.find((state) => state.content && !state.app) ? firstContent : NaN,
      appDrawn: shown.find((state) => state.app)?.at ?? NaN,
      spinner: lasted(shown, (state) => state.spinner),
      contentGone: lasted(shown, (state) => !state.content),
      appContent: shown.find((state) => state.app && state.content && !state.spinner)?.at ?? NaN,
    };
  } finally {
    await context.close();
  }
}

const shop = await startShop({ NODE_ENV: 'development', PUBLIC_URL: `http://127.0.0.1:${PORT}` }, PORT);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const [product] = (await (await fetch(`${shop.url}/api/products`)).json()) as Array<{ _id: string }>;
  // The place-order page is behind sign-in: the demo customer's session in the browser's jar.
  const { status, cookies: customer } = await signInDemoCustomer(shop.url);
  if (customer.length === 0) throw new Error(`the demo customer's sign-in answered ${status}`);
  const visitor: Visitor = { cookies: [], tokenStored: false };
  const pages: Array<[string, string, Visitor, string]> = [
    ['/products', 'article', visitor, ''],
    ['/bn/products', 'article', visitor, ''],
    [`/product/${product!._id}`, 'h1', visitor, ''],
    // Signed in: the page's content is the product's summary card, on the server's page and the app's.
    [`/placeorder/${product!._id}`, 'article', { cookies: customer, tokenStored: true }, ', returning'],
    [`/placeorder/${product!._id}`, 'article', { cookies: customer, tokenStored: false }, ', no token'],
  ];
  const rows = [];
  for (const [path, content, who, note] of pages) {
    const runs: Array<Awaited<ReturnType<typeof measure>>> = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await measure(browser, `${shop.url}${path}`, content, who));
    const ms = (pick: (figures: (typeof runs)[number]) => number) => Math.round(median(runs.map(pick)));
    rows.push({
      page: `${path.replace(product!._id, '{id}')}${note}`,
      'server page drawn at': ms((figures) => figures.serverPainted),
      'app drew its frame at': ms((figures) => figures.appDrawn),
      'spinner shown ms': ms((figures) => figures.spinner),
      'content gone ms': ms((figures) => figures.contentGone),
      'app showed the content at': ms((figures) => figures.appContent),
    });
  }
  printTable(
    `Taking over a server-drawn page, 375 px, CPU slowed ${SLOWDOWN} times, median of ${RUNS} runs (ms)`,
    rows,
  );
} finally {
  await browser.close();
  await shop.stop();
}
