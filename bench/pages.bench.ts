// Page speed: Lighthouse (mobile, default throttling) on /, /blogs, /login and /placeorder/{id}
// with Debian's Chromium, plus the gzip size of the JavaScript each route loads.
// Targets: performance 100 on /, /blogs and /login in every run, at least 98 on
// /placeorder/{id}; at most 90 KB gzip of JavaScript for /. Lighthouse scores vary from run to
// run, and more on a busy machine: each page is measured LIGHTHOUSE_RUNS times (default 5);
// every run's score is printed, with the lowest (what "in every run" is judged by) and the
// median run's metrics. "LH script KB" is the script bytes Lighthouse saw transferred. 'CPU index' is Lighthouse's benchmark of the machine during that
// run (3,800-4,300 on the 2-core CI machine when idle); scores fall when other work shares the CPU.
// A run that Lighthouse could not complete (lhr.runtimeError, e.g. NO_NAVSTART: all metrics
// empty, which read as a score of 0) is named and retried.
// BENCH_VERBOSE=1 also names each run's largest paint (the element Lighthouse chose) and its long
// tasks (the script Lighthouse blames, simulated duration and start, ms).
// BENCH_CPU_SLOWDOWN=8 asks what a machine half as fast would score (browser.ts CPU_SLOWDOWN).
// BENCH_CATALOGUE=1000 adds that many generated products to the demo's, so that /products draws a
// whole first page of cards as a real maker's shop does (lib.ts startPageBenchShop).
// Run: npm run build && npx tsx bench/pages.bench.ts
import { chromium } from '@playwright/test';
import { printTable, startPageBenchShop } from './lib.ts';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  CPU_SLOWDOWN,
  launchChromeForLighthouse,
  lighthouseCookieJar,
  runLighthouse,
  scriptsOf,
  signInDemoCustomer,
  sizeRow,
} from './browser.ts';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/** The lowest score each page must reach in every run. */
const TARGETS: Record<string, number> = {
  '/': 100,
  '/blogs': 100,
  '/login': 100,
  '/placeorder/{id}': 98,
  // The Bengali pages (docs/decisions/023).
  '/bn/': 95,
  '/bn/login': 95,
  // The catalogue's pages.
  '/products': 95,
  '/product/{id}': 95,
};
const PORT = Number(process.env.BENCH_PORT ?? 3314);
const shop = await startPageBenchShop(PORT);
try {
  const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Array<{ _id: string }>;
  const orderPath = `/placeorder/${products[0]!._id}`;
  // /placeorder needs a signed-in customer: sign the demo customer in and put its session
  // cookies into both browsers' cookie jars while that page is measured (browser.ts jarCookies).
  const { status, cookies } = await signInDemoCustomer(shop.url);
  if (cookies.length === 0)
    console.warn(`demo customer sign-in failed (${status}); ${orderPath} is measured signed out`);
  // BENCH_PAGES=/,/bn/ measures only those (comma-separated; {id} is the first product).
  const pages = process.env.BENCH_PAGES
    ? process.env.BENCH_PAGES.split(',').map((path) => path.replace('{id}', products[0]!._id))
    : ['/', '/blogs', '/login', orderPath, '/bn/', '/bn/login', '/products', `/product/${products[0]!._id}`];

  // JavaScript per route: what Chromium actually downloads, gzip-compressed.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const sizeRows = [];
  try {
    for (const path of pages)
      sizeRows.push(
        sizeRow(await scriptsOf(browser, shop.url, path, path === orderPath ? cookies : []), label(path)),
      );
  } finally {
    await browser.close();
  }
  printTable('JavaScript loaded per route (gzip)', sizeRows);

  const chrome = await launchChromeForLighthouse();
  // The customer's cookies for /placeorder, none for every other page.
  const jar = await lighthouseCookieJar(chrome.port, cookies);
  const rows = [];
  try {
    for (const path of pages) {
      await jar.holdSession(path === orderPath);
      const runs: Run[] = [];
      const failures: string[] = [];
      // A page is given up on after three runs that Lighthouse could not complete.
      while (runs.length < RUNS && failures.length < 3) {
        const run = await measure(chrome.port, `${shop.url}${path}`);
        if (typeof run === 'string') {
          console.warn(`Lighthouse could not measure ${path}: ${run}`);
          failures.push(run);
        } else runs.push(run);
      }
      if (runs.length === 0) {
        rows.push({ page: label(path), performance: `error: ${failures.join(', ')}` });
        continue;
      }
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      const lowest = sorted[0]!.performance;
      const target = TARGETS[label(path)] ?? 0;
      rows.push({
        page: label(path),
        runs: runs.map((run) => run.performance).join(' '),
        lowest,
        target: `>= ${target} every run`,
        met: lowest >= target && runs.length === RUNS ? 'yes' : 'NO',
        median: median.performance,
        'LCP ms': median.lcp,
        'TBT ms': median.tbt,
        CLS: median.cls.toFixed(3),
        'FCP ms': median.fcp,
        'SI ms': median.si,
        'CPU index': median.benchmarkIndex,
        'LH script KB': (median.scriptBytes / 1024).toFixed(1),
      });
      if (VERBOSE) {
        console.log(
          `${label(path)}: largest paint in each run: ${runs.map((run) => run.lcpElement).join(' | ')}`,
        );
        for (const run of runs)
          console.log(
            `${label(path)}: run scoring ${run.performance}, FCP ${run.fcp} ms, LCP ${run.lcp} ms, TBT ${run.tbt} ms: ${run.longTasks}`,
          );
      }
    }
  } finally {
    await jar.close();
    chrome.kill();
  }
  printTable(
    `Lighthouse, mobile (simulated throttling, CPU slowed ${CPU_SLOWDOWN} times), ${RUNS} runs per page (metrics of the median run)`,
    rows,
  );
} finally {
  await shop.stop();
}

function label(path: string): string {
  if (path.startsWith('/placeorder')) return '/placeorder/{id}';
  return path.startsWith('/product/') ? '/product/{id}' : path;
}

interface Run {
  performance: number;
  /** Lighthouse's measure of the machine's speed during the run: lower means a busier or slower CPU. */
  benchmarkIndex: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  si: number;
  /** Script bytes transferred, as Lighthouse counted them. */
  scriptBytes: number;
  /** What the largest paint was (Lighthouse's label for the element). */
  lcpElement: string;
  /** The long tasks Lighthouse counted: the script it blames, how long (simulated ms) and when. */
  longTasks: string;
}

/** One Lighthouse run, or the reason Lighthouse gives for not completing it. */
async function measure(port: number, url: string): Promise<Run | string> {
  const runnerResult = await runLighthouse(port, url);
  const lhr = runnerResult?.lhr;
  if (!lhr) return 'no result';
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  // A signed-in page that lost its session ends on /login: that run measured another page.
  const ended = new URL(lhr.finalDisplayedUrl).pathname;
  if (ended !== new URL(url).pathname) return `the page went on to ${ended}`;
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') return 'no performance score';
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round(score * 100),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    lcp: Math.round(metric('largest-contentful-paint')),
    tbt: Math.round(metric('total-blocking-time')),
    cls: metric('cumulative-layout-shift'),
    fcp: Math.round(metric('first-contentful-paint')),
    si: Math.round(metric('speed-index')),
    scriptBytes: scriptTransferBytes(lhr.audits['resource-summary']?.details),
    lcpElement: firstNodeLabel(lhr.audits['largest-contentful-paint-element']?.details) ?? '?',
    longTasks: longTaskList(lhr.audits['long-tasks']?.details),
  };
}

/** The label of the first element named in an audit's details (they nest tables in lists). */
function firstNodeLabel(details: unknown): string | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const node = (details as { node?: { nodeLabel?: string; selector?: string } }).node;
  if (node) return `${node.selector ?? ''} "${(node.nodeLabel ?? '').slice(0, 40)}"`;
  for (const value of Object.values(details))
    for (const item of Array.isArray(value) ? value : [value]) {
      const found = firstNodeLabel(item);
      if (found) return found;
    }
  return undefined;
}

/** The script row of Lighthouse's resource summary: bytes transferred for scripts. */
function scriptTransferBytes(details: unknown): number {
  const items = (details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)
    ?.items;
  return items?.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN;
}

/** Lighthouse's long tasks as `file duration@start` (ms, simulated), longest first. */
function longTaskList(details: unknown): string {
  const items = (
    details as { items?: Array<{ url?: string; duration?: number; startTime?: number }> } | undefined
  )?.items;
  if (!items?.length) return 'no long tasks';
  return items
    .map(
      (task) =>
        `${(task.url ?? '?').split('/').pop()} ${Math.round(task.duration ?? 0)}@${Math.round(task.startTime ?? 0)}`,
    )
    .join(', ');
}
