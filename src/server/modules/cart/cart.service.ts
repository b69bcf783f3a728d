import type { CartInput, CartLine } from '../../../shared/schemas/order.schema.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Account } from '../users/account.ts';
import * as repository from './cart.repository.ts';

// A signed-in customer's cart lives on the server so it follows them to another device; a
// visitor's lives in the browser, and the two merge on sign-in (the browser merges and saves).

export function getCart(db: Db, account: Account): Promise<{ items: CartLine[] }> {
  return repository.readCart(db, account.id).then((items) => ({ items }));
}

/**
 * PUT /api/cart: the cart becomes exactly these lines (one per product; repeated products add
 * up). Quantities are checked against minimum order and stock at checkout, where they count;
 * a product that does not exist is a 404.
 */
export async function saveCart(db: Db, account: Account, input: CartInput): Promise<{ items: CartLine[] }> {
  const merged = new Map<string, number>();
  for (const item of input.items)
    merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity);
  const known = await repository.existingProducts(db, [...merged.keys()]);
  for (const productId of merged.keys()) if (!known.has(productId)) throw notFound('Product');
  await repository.replaceCart(
    db,
    account.id,
    [...merged].map(([productId, quantity]) => ({ productId, quantity: Math.min(quantity, 1_000_000) })),
  );
  return getCart(db, account);
}

export const clearBought = (db: Db, account: Account, productIds: string[]) =>
  repository.removeFromCart(db, account.id, productIds);
