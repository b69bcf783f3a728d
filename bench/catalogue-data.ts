import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/db/seed.ts';

// A generated catalogue for the search and catalogue benchmarks: `count` products in six
// categories, names built from materials, tool kinds, sizes and a model number, so that a
// word such as "sprayer" matches about one product in thirty, as in a real maker's range.

export const benchCategories = [
  ['hand-tools', 'Hand tools'],
  ['irrigation', 'Irrigation'],
  ['spraying', 'Spraying'],
  ['harvesting', 'Harvesting'],
  ['storage', 'Storage'],
  ['machinery-attachments', 'Machinery attachments'],
] as const;

export const kinds = [
  'Garden Hoe',
  'Knapsack Sprayer',
  'Pruning Shears',
  'Sickle',
  'Drip Irrigation Kit',
  'Water Pump',
  'Seed Drill',
  'Hand Trowel',
  'Wheelbarrow',
  'Grain Silo',
  'Bow Rake',
  'Digging Spade',
  'Hose Reel',
  'Rain Sprinkler',
  'Paddy Thresher',
  'Harvesting Knife',
  'Fertiliser Spreader',
  'Pitchfork',
  'Tiller Blade',
  'Storage Bin',
  'Mist Blower',
  'Grass Cutter',
  'Pipe Fitting',
  'Weeder',
  'Crop Net',
  'Hay Baler',
  'Chaff Cutter',
  'Feed Trough',
  'Egg Tray',
  'Soil Tester',
];
export const materials = [
  'Forged',
  'Heavy-Duty',
  'Compact',
  'Professional',
  'Lightweight',
  'Stainless',
  'Galvanised',
  'Ergonomic',
  'Carbon Steel',
  'Poly',
];
export const sizes = ['5 L', '10 L', '16 L', '20 L', '1 m', '2 m', '25 mm', '50 mm', 'Small', 'Large', 'XL'];
const words = [
  'durable',
  'rust',
  'resistant',
  'field',
  'farm',
  'orchard',
  'paddy',
  'vegetable',
  'garden',
  'soil',
  'steel',
  'handle',
  'grip',
  'pressure',
  'nozzle',
  'tank',
  'blade',
  'irrigation',
  'harvest',
  'storage',
];

const literal = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Inserts the bench categories (if missing) and `count` products, in batches of 10,000, then
 * vacuums and analyses the database, so the benches start with its statistics and visibility map.
 */
export async function seedCatalogue(db: Db, count: number): Promise<void> {
  for (const [slug, name] of benchCategories)
    await db.execute(
      sql`insert into categories (slug, name) values (${slug}, ${name}) on conflict (slug) do nothing`,
    );
  for (let start = 0; start < count; start += 10_000) {
    const end = Math.min(count, start + 10_000);
    await db.execute(
      sql.raw(`
      insert into products (name, price_cents, description, min_order, stock, img, rating, category_id, created_at)
      select
        (${literal(materials)})[1 + i % ${materials.length}] || ' ' ||
          (${literal(sizes)})[1 + (i / 7) % ${sizes.length}] || ' ' ||
          (${literal(kinds)})[1 + (i / 3) % ${kinds.length}] || ' AT-' || i,
        100 + (i * 7919) % 500000,
        'A ' || (${literal(words)})[1 + i % 20] || ' ' || (${literal(words)})[1 + (i / 20) % 20] || ' tool for ' ||
          (${literal(words)})[1 + (i / 400) % 20] || ' work, made to last many seasons in the field.',
        1 + i % 10,
        case when i % 9 = 0 then 0 else (i * 31) % 1000 end,
        '/images/products/garden-hoe.svg',
        ((i * 13) % 51) / 10.0,
        (select id from categories where slug = (${literal(benchCategories.map(([slug]) => slug))})[1 + (i / 3) % 6]),
        timestamptz '2026-01-01' + (i * interval '1 second')
      from generate_series(${start}, ${end - 1}) as i`),
    );
  }
  await db.execute(sql`vacuum analyze`);
}

/**
 * A new DATA_DIR whose embedded database holds the demo catalogue, newest, and `count` generated
 * products before it: the products page then draws a whole first page of cards, as a real
 * maker's shop does, where the demo alone fills about half of one. A shop started on it seeds
 * no demo products of its own (there are products already), only the demo accounts; remove the
 * folder once the shop has stopped.
 */
export async function dataDirWithCatalogue(count: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agritools-catalogue-'));
  const seeding = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await seeding.migrate();
    await seedDemo(seeding.db);
    await seedCatalogue(seeding.db, count);
  } finally {
    await seeding.close();
  }
  return dataDir;
}
