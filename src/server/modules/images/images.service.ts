import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { PreparedAnswer } from '../../lib/prepared-answer.ts';
import { imageSrcSet, storedImageName, storedWidths } from '../../../shared/media.ts';
import type { ProductImage } from '../../../shared/schemas/image.schema.ts';
import * as repository from './images.repository.ts';
import type { Upload } from './picture.ts';
import type { MediaStorage } from './storage.ts';
import { messages } from '../../../shared/messages.ts';

// Product pictures (docs/decisions/027-product-images.md). An upload is checked and turned into
// its versions in memory, the versions are stored, then one transaction records the picture and
// points the product's `img` at it. If storing or recording fails, the versions this upload
// stored are removed again: no files without a row, no row without files.

export interface ImagesContext {
  db: Db;
  storage: MediaStorage;
  /** The catalogue's read cache: a picture changes the product's `img`. */
  cache: Pick<ReadCache<PreparedAnswer>, 'invalidate'>;
  log: FastifyBaseLogger;
}

const keyOf = (hash: string, width: number) => `products/${storedImageName(hash, width)}`;
const keysOf = (image: Pick<repository.ImageRow, 'hash' | 'width'>) =>
  storedWidths(image.width).map((width) => keyOf(image.hash, width));
const urlOf = (storage: MediaStorage, image: Pick<repository.ImageRow, 'hash' | 'width'>) =>
  storage.url(keyOf(image.hash, image.width));

function toImage(storage: MediaStorage, row: repository.ImageRow): ProductImage {
  const url = urlOf(storage, row);
  return {
    id: row.id,
    url,
    srcset: imageSrcSet(url) ?? `${url} ${row.width}w`,
    width: row.width,
    height: row.height,
    alt: row.alt,
  };
}

export async function listImages(context: ImagesContext, productId: string): Promise<ProductImage[]> {
  if ((await repository.productImg(context.db, productId)) === null) throw notFound('Product');
  const rows = await repository.listImages(context.db, productId);
  return rows.map((row) => toImage(context.storage, row));
}

export async function addImage(
  context: ImagesContext,
  productId: string,
  upload: Upload,
  alt: string,
): Promise<ProductImage> {
  if ((await repository.productImg(context.db, productId)) === null) throw notFound('Product');
  // sharp (libvips) costs about 28 MiB of memory once loaded: only a shop whose admins upload
  // pictures pays for it, from the first upload on (docs/decisions/016).
  const { makePicture } = await import('./picture.ts');
  const picture = await makePicture(upload);
  const widest = picture.versions.at(-1);
  if (!widest) throw new AppError('UNPROCESSABLE', messages.pictureUnreadable);
  const stored: string[] = [];
  try {
    for (const version of picture.versions) {
      const key = keyOf(picture.hash, version.width);
      // The same picture uploaded before (here or for another product) keeps its files.
      if (await context.storage.has(key)) continue;
      stored.push(key);
      await context.storage.put(key, version.data, 'image/webp');
    }
    const row = await repository.addImage(
      context.db,
      { productId, hash: picture.hash, width: widest.width, height: widest.height, alt },
      urlOf(context.storage, { hash: picture.hash, width: widest.width }),
    );
    if (!row) throw notFound('Product');
    return toImage(context.storage, row);
  } catch (error) {
    await removeKeys(context, stored);
    if (error instanceof AppError) throw error;
    context.log.error({ err: error }, 'storing a picture failed');
    throw new AppError('UNAVAILABLE', messages.pictureNotStored);
  } finally {
    context.cache.invalidate();
  }
}

export async function removeImage(
  context: ImagesContext,
  productId: string,
  imageId: string,
): Promise<{ deletedCount: number }> {
  let image: repository.ImageRow | null;
  try {
    image = await repository.removeImage(context.db, productId, imageId, (row) =>
      urlOf(context.storage, row),
    );
  } finally {
    context.cache.invalidate();
  }
  if (!image) throw notFound('Picture');
  // Files go only when nothing uses them: the same picture elsewhere, or an order's copy of `img`.
  if (!(await repository.filesInUse(context.db, image.hash, image.id, urlOf(context.storage, image))))
    await removeKeys(context, keysOf(image));
  return { deletedCount: 1 };
}

async function removeKeys(context: ImagesContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await context.storage.remove(key);
    } catch (error) {
      context.log.error({ err: error, key }, 'a stored picture could not be removed');
    }
  }
}
