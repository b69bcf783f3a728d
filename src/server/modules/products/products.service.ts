import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Page } from '../../lib/listing.ts';
import { prepareJson, type PreparedAnswer } from '../../lib/prepared-answer.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { dollarsToCents } from '../../../shared/money.ts';
import type { Product, ProductInput } from '../../../shared/schemas/product.schema.ts';
import * as repository from './products.repository.ts';

// Catalogue rules (spec sections 2, 5 and 7). Who may call is decided by the routes
// (product writes are admin-only); what a product may hold is decided here.
//
// This is also the one place that caches catalogue reads and drops that cache
// (docs/decisions/008-catalogue-read-cache.md): the reads answer from it, and every write
// here, and every change of stock elsewhere (stockChanged), drops it. Routes never touch it.

/** What the catalogue functions work on: the database and this instance's read cache. */
export interface Catalogue {
  db: Db;
  /** Prepared answers: serialized and compressed once per change (lib/prepared-answer.ts). */
  cache: ReadCache<PreparedAnswer>;
}

/**
 * A page of products as a serialized answer. `readPage` turns the rows into the page and its
 * Link header (lib/listing.ts); the answer is cached per page shape.
 */
export function productPageAnswer(
  catalogue: Catalogue,
  page: Page,
  readPage: (read: (page: Page) => Promise<Product[]>) => Promise<{ rows: Product[]; next?: string }>,
): Promise<PreparedAnswer> {
  return catalogue.cache.get(`products:${page.limit}:${page.offset}`, async () => {
    const { rows, next } = await readPage((p) => repository.listProducts(catalogue.db, p));
    return prepareJson(JSON.stringify(rows), next);
  });
}

/** One product as a serialized answer; a missing product is a 404 every time (never cached). */
export function productAnswer(catalogue: Catalogue, id: string): Promise<PreparedAnswer> {
  return catalogue.cache.get(`product:${id}`, async () =>
    prepareJson(JSON.stringify(await getProduct(catalogue.db, id))),
  );
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  const product = await repository.findProduct(db, id);
  if (!product) throw notFound('Product');
  return product;
}

/**
 * Call after taking stock from a product or giving it back (placing, cancelling, expiring an
 * order). Other instances learn of it from the database's `catalogue_changed` notification.
 */
export function stockChanged(catalogue: Pick<Catalogue, 'cache'>): void {
  catalogue.cache.invalidate();
}

/** All seven fields are required (section 5); the price is kept as integer cents. */
export async function addProduct(catalogue: Catalogue, input: ProductInput): Promise<{ insertedId: string }> {
  try {
    const insertedId = await repository.insertProduct(catalogue.db, {
      name: input.name,
      priceCents: dollarsToCents(input.price),
      stock: input.stock,
      minOrder: input.minOrder,
      rating: input.rating,
      img: input.img,
      description: input.description,
    });
    return { insertedId };
  } finally {
    catalogue.cache.invalidate();
  }
}

/** Existing orders survive: they hold their own copy of name, image and price. */
export async function removeProduct(catalogue: Catalogue, id: string): Promise<{ deletedCount: number }> {
  try {
    const deletedCount = await repository.deleteProduct(catalogue.db, id);
    if (deletedCount === 0) throw notFound('Product');
    return { deletedCount };
  } finally {
    catalogue.cache.invalidate();
  }
}
