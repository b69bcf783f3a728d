import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, productImages, products } from '../../db/schema.ts';

// The only place that touches product_images (and a product's `img` when a picture changes it).

export interface ImageRow {
  id: string;
  productId: string;
  hash: string;
  width: number;
  height: number;
  alt: string;
  previousImg: string;
}

const columns = {
  id: productImages.id,
  productId: productImages.productId,
  hash: productImages.hash,
  width: productImages.width,
  height: productImages.height,
  alt: productImages.alt,
  previousImg: productImages.previousImg,
};

/** The product's current `img`, or null when there is no such product. */
export async function productImg(db: Db, productId: string): Promise<string | null> {
  const [row] = await db.select({ img: products.img }).from(products).where(eq(products.id, productId));
  return row?.img ?? null;
}

/** A product's pictures, newest first. */
export function listImages(db: Db, productId: string): Promise<ImageRow[]> {
  return db
    .select(columns)
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(desc(productImages.createdAt), desc(productImages.id));
}

/**
 * Records a picture and makes `url` the product's `img`, in one transaction. Null when the
 * product is gone (nothing is written then).
 */
export function addImage(
  db: Db,
  image: Omit<ImageRow, 'id' | 'previousImg'>,
  url: string,
): Promise<ImageRow | null> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ img: products.img })
      .from(products)
      .where(eq(products.id, image.productId))
      .for('update');
    if (!product) return null;
    const [row] = await tx
      .insert(productImages)
      .values({ ...image, previousImg: product.img })
      .returning(columns);
    await tx.update(products).set({ img: url }).where(eq(products.id, image.productId));
    return row ?? null;
  });
}

/**
 * Forgets a picture, in one transaction. When it was the product's `img`, the newest remaining
 * picture takes its place, or (none left) the address the product had before it. Pictures that
 * would fall back to this one fall back to what it fell back to. Null when there is no such
 * picture of that product.
 */
export function removeImage(
  db: Db,
  productId: string,
  imageId: string,
  urlOf: (image: ImageRow) => string,
): Promise<ImageRow | null> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ img: products.img })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) return null;
    const [image] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning(columns);
    if (!image) return null;
    const url = urlOf(image);
    await tx
      .update(productImages)
      .set({ previousImg: image.previousImg })
      .where(and(eq(productImages.productId, productId), eq(productImages.previousImg, url)));
    if (product.img === url) {
      const [newest] = await tx
        .select(columns)
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(desc(productImages.createdAt), desc(productImages.id))
        .limit(1);
      await tx
        .update(products)
        .set({ img: newest ? urlOf(newest) : image.previousImg })
        .where(eq(products.id, productId));
    }
    return image;
  });
}

/** True when the stored files of `hash` are still needed: another picture or an order's copy uses them. */
export async function filesInUse(db: Db, hash: string, exceptImageId: string, url: string): Promise<boolean> {
  const [picture] = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.hash, hash), ne(productImages.id, exceptImageId)))
    .limit(1);
  if (picture) return true;
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.img, url)).limit(1);
  return Boolean(order);
}
