// What compressing one answer costs at each strength the shop could choose (docs/decisions/042):
// a product page as the server draws it (the built index.html when there is a build, else the
// source one) and the spec's list of 14 products as JSON, each compressed with Brotli at
// qualities 1 to 5 and with gzip at levels 1 and 6. "warm" compresses the same answer over and
// over, as a loop does, and keeps the compressor's tables in the processor's caches; "cold" reads
// BENCH_EVICT_MB of other memory before each call (default 64, twice the largest last-level cache
// seen on these machines: `lscpu` tells), as the rest of a server's requests do between two
// answers made on a miss. The median of the calls, in µs, and the bytes each form takes.
// Run: npx tsx bench/compression.bench.ts (BENCH_CALLS calls per row, default 400)
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { productPageHtml, type PageProduct } from '../src/server/modules/pages/product-html.ts';
import { median, printTable } from './lib.ts';

const CALLS = Math.max(10, Number(process.env.BENCH_CALLS ?? 400));

const built = new URL('../dist/web/index.html', import.meta.url).pathname;
const template = readFileSync(
  existsSync(built) ? built : new URL('../src/web/index.html', import.meta.url).pathname,
  'utf8',
);

const kinds = ['Knapsack Sprayer', 'Hand Hoe', 'Sickle', 'Water Pump', 'Seed Drill', 'Grain Bin', 'Shears'];
const uses = ['rice', 'jute', 'potato', 'mustard', 'vegetable', 'tea', 'maize'];
const materials = ['brass', 'carbon steel', 'stainless steel', 'cast iron', 'galvanised steel'];

/** A product of the demo's kind, each one's texts its own. */
const product = (n: number): PageProduct => {
  const kind = kinds[n % kinds.length]!;
  const material = materials[n % materials.length]!;
  return {
    _id: `0c6f1d2e-5b7a-4c1e-9d3f-${String(100_000_000_000 + n * 7919).slice(1)}`,
    name: `${(n % 4) * 4 + 8} L ${kind}, ${material}, model AT-${1000 + n * 37}`,
    price: 24.5 + n * 3.25,
    description:
      `A ${kind.toLowerCase()} for ${uses[n % uses.length]} and ${uses[(n + 3) % uses.length]} fields, ` +
      `made of ${material} that takes ${n + 2} seasons of monsoon work. It weighs ${(1.2 + n * 0.35).toFixed(1)} kg, ` +
      `with a grip of ${['ash', 'bamboo', 'rubber', 'jackfruit wood'][n % 4]} for long days in the field. ` +
      `Spare parts come in the box; rinse after each use and oil it every ${n + 5} days.`,
    minOrder: (n % 5) + 1,
    stock: 320 + n * 13,
    img: `/media/products/${n}/640.webp`,
    rating: (n % 5) + 1,
    category: 'spraying',
    categoryName: 'Spraying',
    categoryNameBn: 'স্প্রে',
    nameBn: null,
    descriptionBn: null,
  };
};

const answers: Array<[string, Buffer]> = [
  ['product page', Buffer.from(productPageHtml(template, product(7), 'https://agritools.example', 'en'))],
  [
    'list of 14 products (JSON)',
    Buffer.from(
      JSON.stringify(
        Array.from({ length: 14 }, (_, n) => {
          const {
            categoryName: _name,
            categoryNameBn: _bn,
            nameBn: _n,
            descriptionBn: _d,
            ...shown
          } = product(n);
          return shown;
        }),
      ),
    ),
  ],
];

type Compress = (body: Buffer) => Buffer;
const brotli =
  (quality: number): Compress =>
  (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
const gzip =
  (level: number): Compress =>
  (body) =>
    gzipSync(body, { level });
const forms: Array<[string, Compress]> = [
  ...[1, 2, 3, 4, 5].map((quality): [string, Compress] => [`Brotli ${quality}`, brotli(quality)]),
  ['gzip 1', gzip(1)],
  ['gzip 6', gzip(6)],
];

const EVICT_MB = Math.max(1, Number(process.env.BENCH_EVICT_MB ?? 64));
const other = new Uint32Array((EVICT_MB * 1024 * 1024) / 4);
/** Reads EVICT_MB, a cache line at a time: the compressor's tables leave the caches. */
function evictCaches() {
  let sum = 0;
  for (let i = 0; i < other.length; i += 16) sum += other[i]!++;
  return sum;
}

/** The median µs of CALLS calls of `compress`, cold (caches emptied before each call) or warm. */
function timeCalls(compress: () => Buffer, cold: boolean): number {
  for (let i = 0; i < 20; i += 1) compress();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    if (cold) evictCaches();
    const startedAt = performance.now();
    compress();
    times.push((performance.now() - startedAt) * 1000);
  }
  return Math.round(median(times));
}

for (const [label, body] of answers)
  printTable(
    `${label}: ${body.length.toLocaleString('en-US')} bytes, median of ${CALLS} calls, cold after reading ${EVICT_MB} MB`,
    forms.map(([name, compress]) => ({
      form: name,
      bytes: compress(body).length,
      'warm µs': timeCalls(() => compress(body), false),
      'cold µs': timeCalls(() => compress(body), true),
    })),
  );
