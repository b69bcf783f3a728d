import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Page } from '../../lib/listing.ts';
import { dollarsToCents } from '../../../shared/money.ts';
import type { Product, ProductInput } from '../../../shared/schemas/product.schema.ts';
import * as repository from './products.repository.ts';

// Catalogue rules (spec sections 2, 5 and 7). Who may call is decided by the routes
// (product writes are admin-only); what a product may hold is decided here.

export function listProducts(db: Db, page: Page): Promise<Product[]> {
  return repository.listProducts(db, page);
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  const product = await repository.findProduct(db, id);
  if (!product) throw notFound('Product');
  return product;
}

/** All seven fields are required (section 5); the price is kept as integer cents. */
export async function addProduct(db: Db, input: ProductInput): Promise<{ insertedId: string }> {
  const insertedId = await repository.insertProduct(db, {
    name: input.name,
    priceCents: dollarsToCents(input.price),
    stock: input.stock,
    minOrder: input.minOrder,
    rating: input.rating,
    img: input.img,
    description: input.description,
  });
  return { insertedId };
}

/** Existing orders survive: they hold their own copy of name, image and price. */
export async function removeProduct(db: Db, id: string): Promise<{ deletedCount: number }> {
  const deletedCount = await repository.deleteProduct(db, id);
  if (deletedCount === 0) throw notFound('Product');
  return { deletedCount };
}
