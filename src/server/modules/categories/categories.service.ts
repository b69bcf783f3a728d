import { UNCATEGORISED_ID } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { prepareAnswer, type PreparedAnswer } from '../../lib/prepared-answer.ts';
import { SHOWS_NO_STOCK } from '../../lib/read-cache.ts';
import { slugify, type CategoryInput } from '../../../shared/schemas/category.schema.ts';
import type { Catalogue } from '../products/products.service.ts';
import * as repository from './categories.repository.ts';
import { messages } from '../../../shared/messages.ts';

// Categories are part of the catalogue: reads answer from the catalogue's read cache and every
// write drops it (docs/decisions/008-catalogue-read-cache.md), as product writes do.

export function categoriesAnswer(catalogue: Catalogue): Promise<PreparedAnswer> {
  return catalogue.cache.get('categories', async () =>
    // Counts of products, in stock or not: no change of stock changes them.
    ({
      ...prepareAnswer(JSON.stringify(await repository.listCategories(catalogue.db))),
      shows: SHOWS_NO_STOCK,
    }),
  );
}

/** The id of the category with this slug; a 400 for an unknown one (it came from a request). */
export async function categoryIdOf(catalogue: Catalogue, slug: string, field: string): Promise<string> {
  // Slugs and ids only (no product counts), so a search after a write does not wait for counts.
  const answer = await catalogue.cache.get('category-ids', async () => ({
    ...prepareAnswer(JSON.stringify(Object.fromEntries(await repository.categoryIdsBySlug(catalogue.db)))),
    shows: SHOWS_NO_STOCK,
  }));
  const ids = JSON.parse(answer.body.toString('utf8')) as Record<string, string>;
  // Own keys only: a slug such as `constructor` must not find the object's prototype.
  const found = Object.hasOwn(ids, slug) ? ids[slug] : undefined;
  if (!found)
    throw new AppError('VALIDATION_FAILED', `${field}: ${messages.unknownCategory}`, [
      { path: field, message: messages.unknownCategory },
    ]);
  return found;
}

export async function addCategory(
  catalogue: Catalogue,
  input: CategoryInput,
): Promise<{ insertedId: string }> {
  const slug = slugify(input.name);
  if (!slug)
    throw new AppError('VALIDATION_FAILED', 'body.name: Needs a letter or digit', [
      { path: 'body.name', message: 'Needs a letter or digit' },
    ]);
  try {
    const insertedId = await repository.insertCategory(catalogue.db, slug, input.name, input.nameBn || null);
    if (!insertedId) throw new AppError('CONFLICT', messages.categoryNameTaken);
    return { insertedId };
  } finally {
    catalogue.cache.invalidate();
  }
}

/** Renames; the slug stays, so shared addresses keep working. */
export async function renameCategory(
  catalogue: Catalogue,
  id: string,
  input: CategoryInput,
): Promise<{ modifiedCount: number }> {
  try {
    const modifiedCount = await repository.renameCategory(
      catalogue.db,
      id,
      input.name,
      // Absent keeps the Bengali name; empty clears it.
      input.nameBn === undefined ? undefined : input.nameBn || null,
    );
    if (modifiedCount === 0) throw notFound('Category');
    return { modifiedCount };
  } finally {
    catalogue.cache.invalidate();
  }
}

export async function removeCategory(catalogue: Catalogue, id: string): Promise<{ deletedCount: number }> {
  if (id === UNCATEGORISED_ID)
    throw new AppError(
      'CONFLICT',
      'Uncategorised holds every product without a category; it cannot be removed',
    );
  try {
    const result = await repository.deleteEmptyCategory(catalogue.db, id);
    if (result === 'missing') throw notFound('Category');
    if (result === 'in-use') throw new AppError('CONFLICT', messages.categoryInUse);
    return { deletedCount: 1 };
  } finally {
    catalogue.cache.invalidate();
  }
}
