// What the first number format of a page costs the browser's main thread (docs/decisions/033):
// in a fresh Chromium page each time, the time of the first call and of the call after it, for
// Intl.NumberFormat and toLocaleString (which load ICU's number data on first use), for the
// shop's own grouping (groupDigits, as the pages run it), for Intl.DateTimeFormat and for the
// shop's own dates (formatDate, its module built by Vite as for the pages). Real time on this
// machine, no CPU slowdown: Lighthouse's mobile runs count it four times over.
// Run: npx tsx bench/number-format.bench.ts (BENCH_RUNS fresh pages per row, default 7)
import { chromium } from '@playwright/test';
import { build, type Rolldown } from 'vite';
import { groupDigits } from '../src/shared/money.ts';
import { printTable } from './lib.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from './browser.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));

/** The shop's format module as one script that leaves its exports in `shopFormat`. */
async function shopFormatScript(): Promise<string> {
  const built = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      lib: {
        entry: new URL('../src/shared/i18n/format.ts', import.meta.url).pathname,
        formats: ['iife'],
        name: 'shopFormat',
      },
    },
  })) as Rolldown.RolldownOutput[];
  return built[0]!.output[0].code;
}
const shopFormat = await shopFormatScript();

// Each is a script run in the page; the shop's function goes in as its own source.
const CALLS: Record<string, string> = {
  "new Intl.NumberFormat('en-US').format":
    "new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(1234567)",
  "new Intl.NumberFormat('bn-BD').format":
    "new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 2 }).format(1234567)",
  "toLocaleString('en-US')": "(1234567).toLocaleString('en-US')",
  'groupDigits (the shop)': `(${groupDigits.toString()})(1234567)`,
  "new Intl.DateTimeFormat('en-US').format":
    "new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Dhaka', dateStyle: 'long' }).format(0)",
  "new Intl.DateTimeFormat('bn-BD').format, with time":
    "new Intl.DateTimeFormat('bn-BD', { timeZone: 'Asia/Dhaka', dateStyle: 'long', timeStyle: 'short' }).format(0)",
  "formatDate (the shop), 'en', with time": `${shopFormat};shopFormat.formatDate(0, 'en', true)`,
  "formatDate (the shop), 'bn', with time": `${shopFormat};shopFormat.formatDate(0, 'bn', true)`,
};

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor((values.length - 1) / 2)]!;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const rows = [];
  for (const [label, call] of Object.entries(CALLS)) {
    const first: number[] = [];
    const second: number[] = [];
    let written = '';
    for (let run = 0; run < RUNS; run += 1) {
      const page = await browser.newPage();
      await page.goto('data:text/html,<p>number format</p>');
      const [value, firstMs, secondMs] = await page.evaluate((source) => {
        const started = performance.now();
        const result = String((0, eval)(source));
        const between = performance.now();
        (0, eval)(source);
        return [result, between - started, performance.now() - between] as const;
      }, call);
      written = value;
      first.push(firstMs);
      second.push(secondMs);
      await page.close();
    }
    rows.push({
      call: label,
      writes: written,
      'first call ms (median)': median(first).toFixed(2),
      'first call ms (min–max)': `${sorted(first)[0]!.toFixed(1)}–${sorted(first).at(-1)!.toFixed(1)}`,
      'second call ms (median)': median(second).toFixed(2),
    });
  }
  printTable(`First number format in a fresh page, ${RUNS} pages per row (Chromium, no slowdown)`, rows);
} finally {
  await browser.close();
}
