import { and, asc, eq, inArray } from 'drizzle-orm';
import { centsToDollars } from '../../../shared/money.ts';
import type { CartLine } from '../../../shared/schemas/order.schema.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, products } from '../../db/schema.ts';

// The only place that touches a signed-in customer's saved cart.

/** The cart's lines with each product as it is now; lines of deleted products are gone (FK). */
export async function readCart(db: Db, userId: string): Promise<CartLine[]> {
  const rows = await db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      name: products.name,
      img: products.img,
      priceCents: products.priceCents,
      stock: products.stock,
      minOrder: products.minOrder,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.updatedAt), asc(cartItems.productId));
  return rows.map(({ priceCents, ...row }) => ({ ...row, price: centsToDollars(priceCents) }));
}

/** Which of `ids` name existing products. */
export async function existingProducts(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** Replaces the whole cart in one transaction. */
export async function replaceCart(
  db: Db,
  userId: string,
  items: Array<{ productId: string; quantity: number }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    if (items.length > 0) await tx.insert(cartItems).values(items.map((item) => ({ userId, ...item })));
  });
}

/** Drops the lines of products just bought. */
export async function removeFromCart(db: Db, userId: string, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
}
