import { count } from 'drizzle-orm';
import type { Db } from './client.ts';
import { products, reviews } from './schema.ts';
import { demoProducts, demoReviews } from './demo-data.ts';

/** Seeds the demo catalogue and reviews only into an empty catalogue, so restarts never duplicate. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(products);
    if ((row?.n ?? 0) > 0) return false;
    await tx.insert(products).values(demoProducts);
    await tx.insert(reviews).values(demoReviews);
    return true;
  });
}
