import { and, asc, count, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { centsToDollars, type Cents } from '../../../shared/money.ts';
import type { CatalogueProduct, Product } from '../../../shared/schemas/product.schema.ts';
import type { Page } from '../../lib/listing.ts';

// The only place that touches the products table. Rows leave as the spec's Product DTO:
// string _id, price in dollars from integer cents.

const columns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  description: products.description,
  minOrder: products.minOrder,
  stock: products.stock,
  img: products.img,
  rating: products.rating,
  nameBn: products.nameBn,
  descriptionBn: products.descriptionBn,
};
type ProductRow = Omit<
  { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] },
  keyof BengaliTexts
> &
  BengaliTexts;

/** The Bengali texts beside a product as stored (null: none). */
export interface BengaliTexts {
  nameBn: string | null;
  descriptionBn: string | null;
}

const toProduct = (row: ProductRow): Product & BengaliTexts => ({
  _id: row.id,
  name: row.name,
  price: centsToDollars(row.priceCents),
  description: row.description,
  minOrder: row.minOrder,
  stock: row.stock,
  img: row.img,
  rating: row.rating,
  nameBn: row.nameBn,
  descriptionBn: row.descriptionBn,
});

export interface NewProduct {
  name: string;
  priceCents: Cents;
  stock: number;
  minOrder: number;
  rating: number;
  img: string;
  description: string;
  nameBn: string | null;
  descriptionBn: string | null;
  categoryId?: string;
}

/**
 * Oldest first, so a newly added product appears at the end of the home page list; the id
 * breaks ties between rows inserted together (the demo seed). One query on the
 * created_at index.
 */
export async function listProducts(db: Db, page: Page): Promise<(Product & BengaliTexts)[]> {
  const rows = await db
    .select(columns)
    .from(products)
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toProduct);
}

/**
 * One product by id, its category's slug and (for the product page) its category's name, as a
 * statement prepared once per database: product pages and orders ask for one product at a
 * time, and building and planning the same query each time cost more than running it (the
 * statement is named, so each PostgreSQL connection, and PGlite, plans it once).
 */
const productById = (db: Db) =>
  db
    .select({
      ...columns,
      category: categories.slug,
      categoryName: categories.name,
      categoryNameBn: categories.nameBn,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, sql.placeholder('id')))
    .limit(1)
    .prepare('product_by_id');
const preparedProductById = new WeakMap<Db, ReturnType<typeof productById>>();

export async function findProduct(
  db: Db,
  id: string,
): Promise<
  (CatalogueProduct & BengaliTexts & { categoryName: string; categoryNameBn: string | null }) | null
> {
  let query = preparedProductById.get(db);
  if (!query) {
    query = productById(db);
    preparedProductById.set(db, query);
  }
  const [row] = await query.execute({ id });
  return row
    ? {
        ...toProduct(row),
        category: row.category,
        categoryName: row.categoryName,
        categoryNameBn: row.categoryNameBn,
      }
    : null;
}

/**
 * Writes every field, the category only when given; the stock as given, or moved by
 * `stockChange` from what it is now in the same statement, so orders placed or cancelled
 * meanwhile keep their units. The stock after the write, or null when no product has that id
 * or the change would take it below zero.
 */
export async function updateProduct(
  db: Db | Tx,
  id: string,
  product: NewProduct,
  stockChange?: number,
): Promise<{ stock: number } | null> {
  const [row] = await db
    .update(products)
    .set(stockChange === undefined ? product : { ...product, stock: sql`${products.stock} + ${stockChange}` })
    .where(
      stockChange === undefined
        ? eq(products.id, id)
        : and(eq(products.id, id), gte(products.stock, -stockChange)),
    )
    .returning({ stock: products.stock });
  return row ?? null;
}

export async function insertProduct(db: Db, product: NewProduct): Promise<string> {
  const [row] = await db.insert(products).values(product).returning({ id: products.id });
  if (!row) throw new Error('product insert returned no row');
  return row.id;
}

/** Orders keep their own copy of name, image and price; their product_id becomes null (FK). */
export async function deleteProduct(db: Db, id: string): Promise<number> {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length;
}

/** Ids in id order, for the sitemap (read off the primary key's index). */
export async function productIds(db: Db, offset: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .orderBy(asc(products.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return Number(row?.n ?? 0);
}

/** A product as the CSV export writes it: every field an admin edits, the category by slug. */
export interface ExportRow extends Product, BengaliTexts {
  category: string;
}

/** Products in id order after `afterId`, `limit` at a time, for the CSV export. */
export async function exportRows(db: Db, afterId: string | null, limit: number): Promise<ExportRow[]> {
  const rows = await db
    .select({ ...columns, category: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(afterId ? gt(products.id, afterId) : undefined)
    .orderBy(asc(products.id))
    .limit(limit);
  return rows.map((row) => ({ ...toProduct(row), category: row.category }));
}

/** Which of these ids are products. */
export async function existingIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return new Set(rows.map((row) => row.id));
}

/**
 * Brings the planner's statistics on the catalogue's tables up to date (ANALYZE): how many rows
 * each step of a search will read, and which words are common (`pg_stats.most_common_elems`,
 * which tells search's rare words apart without counting them, docs/decisions/020).
 * PostgreSQL's autovacuum does this in time; PGlite has no autovacuum, so nothing else would.
 */
export async function analyzeCatalogue(db: Db): Promise<void> {
  await db.execute(sql`analyze products, categories, search_words, search_lexemes`);
}

/** Inserts and updates an import's valid rows in one transaction: all of them or none. */
/**
 * Writes an import in one transaction: the new products, then each update (updateProduct). The
 * updates whose stock change would take their stock below 0 write nothing; they are returned.
 */
export async function applyImport<Update extends { id: string; product: NewProduct; stockChange?: number }>(
  db: Db,
  creates: NewProduct[],
  updates: Update[],
): Promise<Update[]> {
  return db.transaction(async (tx) => {
    if (creates.length > 0) await tx.insert(products).values(creates);
    const notWritten: Update[] = [];
    for (const update of updates)
      if (!(await updateProduct(tx, update.id, update.product, update.stockChange))) notWritten.push(update);
    return notWritten;
  });
}
