import { count } from 'drizzle-orm';
import type { Db } from './client.ts';
import { categories, products, reviews } from './schema.ts';
import { demoCategories, demoProducts, demoReviews } from './demo-data.ts';

/** Seeds the demo catalogue and reviews only into an empty catalogue, so restarts never duplicate. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(products);
    if ((row?.n ?? 0) > 0) return false;
    // The demo's categories, unless an admin already made one with the same address.
    await tx
      .insert(categories)
      .values([...demoCategories])
      .onConflictDoNothing({ target: categories.slug });
    const known = await tx.select({ id: categories.id, slug: categories.slug }).from(categories);
    const idOf = new Map(known.map((category) => [category.slug, category.id]));
    await tx
      .insert(products)
      .values(
        demoProducts.map(({ category, ...product }) => ({ ...product, categoryId: idOf.get(category) })),
      );
    await tx.insert(reviews).values(demoReviews);
    return true;
  });
}
