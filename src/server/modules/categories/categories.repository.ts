import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import type { Category } from '../../../shared/schemas/category.schema.ts';

// The only place that touches the categories table.

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      nameBn: categories.nameBn,
      productCount: count(products.id),
    })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.name));
  return rows.map((row) => ({
    _id: row.id,
    slug: row.slug,
    name: row.name,
    nameBn: row.nameBn,
    productCount: Number(row.productCount),
  }));
}

/** [slug, id] of every category. */
export async function categoryIdsBySlug(db: Db): Promise<[string, string][]> {
  const rows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  return rows.map((row) => [row.slug, row.id]);
}

/** The new id, or null when the slug is taken. */
export async function insertCategory(
  db: Db,
  slug: string,
  name: string,
  nameBn: string | null,
): Promise<string | null> {
  const rows = await db
    .insert(categories)
    .values({ slug, name, nameBn })
    .onConflictDoNothing({ target: categories.slug })
    .returning({ id: categories.id });
  return rows[0]?.id ?? null;
}

export async function renameCategory(
  db: Db,
  id: string,
  name: string,
  /** undefined keeps the stored Bengali name. */
  nameBn: string | null | undefined,
): Promise<number> {
  const rows = await db
    .update(categories)
    .set({ name, nameBn })
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return rows.length;
}

/** Removes the category only if no product is in it: 'removed', 'in-use' or 'missing'. */
export async function deleteEmptyCategory(db: Db, id: string): Promise<'removed' | 'in-use' | 'missing'> {
  const rows = await db
    .delete(categories)
    .where(
      sql`${categories.id} = ${id} and not exists (select 1 from ${products} where ${products.categoryId} = ${id})`,
    )
    .returning({ id: categories.id });
  if (rows.length > 0) return 'removed';
  const [exists] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return exists ? 'in-use' : 'missing';
}
