// Where a page's main-thread time goes while it loads, read from Lighthouse's own trace (mobile,
// simulated throttling, Debian's Chromium, as bench/pages.bench.ts): each run's score and
// blocking time, the main thread's work by Lighthouse's groups, and every task of BENCH_TASK_MS
// (default 10) or more with the trace events that took its time. Times are as observed, before
// Lighthouse's CPU slowdown (four-fold unless BENCH_CPU_SLOWDOWN says otherwise): a task counts
// towards the blocking time when its length times the slowdown passes 50 ms (12.5 ms at four).
// BENCH_PAGES=/,/product/{id} picks the pages (default /products; {id} is the first product;
// /placeorder/{id} is measured with the demo customer signed in, as bench/pages.bench.ts does),
// LIGHTHOUSE_RUNS the runs per page (default 3), BENCH_CPU_SLOWDOWN=8 what a machine half as
// fast would score (browser.ts CPU_SLOWDOWN), BENCH_CATALOGUE=1000 a catalogue of that many more
// products than the demo's (lib.ts startPageBenchShop). Each run also prints how much of the
// machine's CPU time the host gave to other guests while it ran (lib.ts stealMeter).
// Run: npm run build && flock /tmp/agritools-heavy.lock npx tsx bench/page-tasks.bench.ts
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { startPageBenchShop, stealMeter } from './lib.ts';
import {
  CPU_SLOWDOWN,
  launchChromeForLighthouse,
  lighthouseCookieJar,
  runLighthouse,
  signInDemoCustomer,
} from './browser.ts';

type Task = Awaited<ReturnType<typeof MainThreadTasks.request>>[number];

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const TASK_MS = Number(process.env.BENCH_TASK_MS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3315);

/** Milliseconds, rounded, for printing. */
const ms = (value: number) => Math.round(value);

/** The `top` trace events that took most of a task's own time and its children's. */
function heaviestEvents(task: Task, top = 6): string {
  const selfTimes = new Map<string, number>();
  const visit = (node: Task) => {
    selfTimes.set(node.event.name, (selfTimes.get(node.event.name) ?? 0) + node.selfTime);
    node.children.forEach(visit);
  };
  visit(task);
  return [...selfTimes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, time]) => `${name} ${time.toFixed(1)}`)
    .join(', ');
}

const shop = await startPageBenchShop(PORT);
const chrome = await launchChromeForLighthouse();
try {
  const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Array<{ _id: string }>;
  const pages = (process.env.BENCH_PAGES ?? '/products')
    .split(',')
    .map((path) => path.replace('{id}', products[0]!._id));
  console.log(`CPU slowed ${CPU_SLOWDOWN} times; tasks of ${TASK_MS} ms or more (observed)`);
  // The customer's cookies for the order page, none for every other page.
  const jar = await lighthouseCookieJar(chrome.port, (await signInDemoCustomer(shop.url)).cookies);
  for (const path of pages) {
    await jar.holdSession(path.startsWith('/placeorder/'));
    for (let run = 1; run <= RUNS; run += 1) {
      const steal = stealMeter();
      const result = await runLighthouse(chrome.port, `${shop.url}${path}`);
      const stolen = steal();
      if (!result || result.lhr.runtimeError) {
        console.warn(`${path}, run ${run}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
        continue;
      }
      const { lhr } = result;
      const metric = (id: string) => ms(lhr.audits[id]?.numericValue ?? Number.NaN);
      const tasks = await MainThreadTasks.request(result.artifacts.Trace, { computedCache: new Map() });
      const start = Math.min(...tasks.map((task) => task.startTime));
      const groups = new Map<string, number>();
      for (const task of tasks) groups.set(task.group.id, (groups.get(task.group.id) ?? 0) + task.selfTime);
      console.log(
        `\n${path}, run ${run}: score ${ms((lhr.categories.performance?.score ?? 0) * 100)}, ` +
          `blocking time ${metric('total-blocking-time')} ms, first paint ${metric('first-contentful-paint')} ms, ` +
          `CPU index ${ms(lhr.environment.benchmarkIndex)}, stolen by the host ${stolen}`,
      );
      console.log(
        `  main thread by group (ms): ${[...groups]
          .sort((a, b) => b[1] - a[1])
          .map(([group, time]) => `${group} ${ms(time)}`)
          .join(', ')}`,
      );
      for (const task of tasks.filter((task) => !task.parent && task.duration >= TASK_MS)) {
        const scripts = task.attributableURLs.map((url) => url.split('/').pop()).join(' ');
        console.log(
          `  at ${ms(task.startTime - start)} ms: ${task.duration.toFixed(1)} ms` +
            `${scripts ? ` [${scripts}]` : ''}: ${heaviestEvents(task)}`,
        );
      }
    }
  }
  await jar.close();
} finally {
  chrome.kill();
  await shop.stop();
}
