import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client.ts';
import { eq, ne, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { categories, orders, products, UNCATEGORISED_ID } from '../../src/server/db/schema.ts';
import { prepareAnswer } from '../../src/server/lib/prepared-answer.ts';
import { SAME_WORDS } from '../../src/server/modules/products/products.service.ts';

let counter = 0;

// PGlite's clock counts whole milliseconds, so products inserted in quick succession would share
// created_at, and lists (ordered by created_at, then id) would not follow the order in which a
// test created them. Each product made here is at least a millisecond younger than the last.
let lastCreatedAt = 0;
function nextCreatedAt(): Date {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return new Date(lastCreatedAt);
}

export interface ProductOverrides {
  name?: string;
  priceCents?: number;
  stock?: number;
  minOrder?: number;
  rating?: number;
  img?: string;
  description?: string;
  categoryId?: string;
}

/**
 * A word of this run alone, of consonants the stemmer leaves as they are: the catalogue's words
 * and lexemes outlive the products that brought them, so a test learns nothing from a word an
 * earlier run left behind.
 */
export const wordOfThisRun = () =>
  Array.from({ length: 8 }, () => 'bcdfghjkmnpqrtvwxz'[randomInt(18)]).join('');

/**
 * Inserts `count` seed drills named "Seed Drill <word> <n>" (n counting from `from`) in one
 * statement, straight to the table: a catalogue where `word` is in exactly `count` products.
 */
export function insertSeedDrills(db: Db, word: string, count: number, from = 0) {
  return db.insert(products).values(
    Array.from({ length: count }, (_, n) => ({
      name: `Seed Drill ${word} ${from + n}`,
      priceCents: 1000 + n,
      stock: 10,
      minOrder: 1,
      rating: 4,
      img: '/images/products/seed-drill.svg',
      description: 'Sows in rows.',
    })),
  );
}

/** Inserts a category row directly (name and slug unique per call). */
export async function createCategory(app: FastifyInstance, name?: string) {
  counter += 1;
  const label = name ?? `Test Category ${counter} ${process.pid}`;
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const [row] = await app.db.insert(categories).values({ name: label, slug }).returning();
  if (!row) throw new Error('category insert returned nothing');
  app.catalogue.cache.invalidate();
  return row;
}

/** Inserts a product row directly; returns its API id. */
export async function createProduct(app: FastifyInstance, overrides: ProductOverrides = {}) {
  counter += 1;
  const [row] = await app.db
    .insert(products)
    .values({
      name: overrides.name ?? `Test Tool ${counter}`,
      priceCents: overrides.priceCents ?? 1999,
      stock: overrides.stock ?? 100,
      minOrder: overrides.minOrder ?? 1,
      rating: overrides.rating ?? 4,
      img: overrides.img ?? '/images/products/test.svg',
      description: overrides.description ?? 'A sturdy tool for tests. '.repeat(6),
      createdAt: nextCreatedAt(),
      ...(overrides.categoryId ? { categoryId: overrides.categoryId } : {}),
    })
    .returning();
  if (!row) throw new Error('product insert returned nothing');
  // Written behind the app's back: on PostgreSQL the trigger's notification reaches the app's
  // read cache a moment later, so drop it now, as a route that writes would.
  app.catalogue.cache.invalidate();
  return { ...row, _id: row.id };
}

/** A valid POST /api/product body (dollars, as the spec's call sends them). */
export function productInput(
  overrides: Partial<{
    name: string;
    price: number;
    stock: number;
    minOrder: number;
    rating: number;
    img: string;
    description: string;
  }> = {},
) {
  counter += 1;
  return {
    name: `Added Tool ${counter}`,
    price: 15.5,
    stock: 120,
    minOrder: 2,
    rating: 4,
    img: '/images/products/garden-hoe.svg',
    description: 'A dependable tool added through the admin form. '.repeat(3).trim(),
    ...overrides,
  };
}

/** A product's stock as the database holds it now. */
export async function stockOf(app: FastifyInstance, productId: string): Promise<number | undefined> {
  const [row] = await app.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}

/**
 * No products (and their orders) left, and with `categories` no category but the default one;
 * the catalogue's read cache is dropped, since the rows went behind the app's back.
 */
export async function emptyCatalogue(app: FastifyInstance, options: { categories?: boolean } = {}) {
  await app.db.delete(orders);
  await app.db.delete(products);
  if (options.categories) await app.db.delete(categories).where(ne(categories.id, UNCATEGORISED_ID));
  app.catalogue.cache.invalidate();
}

/**
 * Waits until the app has heard every catalogue change so far that drops the search words
 * learnt, so that a story about what a search learns is not undone by its own setup. On
 * PostgreSQL changes come as notifications on another connection, some time after the write;
 * PostgreSQL delivers them in the order they were committed. (A stock or price change keeps the
 * words and may still be on its way: it looks like the marker below.)
 *
 * A marker is sent that drops the cached answers but keeps the words (the payload of a stock
 * change), with a sentinel in each cache. Once the answers' sentinel has gone, something was
 * heard; if the words' sentinel is still there, it was a marker, which came after every change
 * of the setup. If it has gone too, a change of the setup came first: another round. (PGlite
 * notifies the app at once, in the first round.)
 */
export async function catalogueChangesHeard(app: FastifyInstance) {
  const { cache, words } = app.catalogue;
  for (let round = 0; round < 20; round += 1) {
    await cache.get('changes heard', async () => prepareAnswer(''));
    await words.get('changes heard', async () => ({ body: '' }));
    await app.db.execute(sql`select pg_notify('catalogue_changed', ${SAME_WORDS})`);
    await expect.poll(() => cache.peek('changes heard')).toBeUndefined();
    if (words.peek('changes heard')) return;
  }
  throw new Error('catalogue changes kept coming after 20 markers');
}
