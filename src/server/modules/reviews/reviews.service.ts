import type { Db } from '../../db/client.ts';
import type { Page } from '../../lib/listing.ts';
import type { Account } from '../users/account.ts';
import { DEFAULT_AVATAR_URL } from '../../../shared/constants.ts';
import type { Review, ReviewInput } from '../../../shared/schemas/review.schema.ts';
import * as repository from './reviews.repository.ts';

export function listReviews(db: Db, page: Page): Promise<Review[]> {
  return repository.listReviews(db, page);
}

/**
 * A review is written under the signed-in account's own name and avatar (design.md):
 * the spec's payload carries name and avatar, but whatever the body says is ignored.
 * Any signed-in user may review, admins included: the spec only hides the menu entry
 * from admins, and an admin's review is still honest about who wrote it.
 */
export async function addReview(
  db: Db,
  account: Account,
  input: ReviewInput,
): Promise<{ insertedId: string }> {
  const insertedId = await repository.insertReview(db, {
    userId: account.id,
    name: account.name,
    avatar: account.avatar || DEFAULT_AVATAR_URL,
    message: input.message,
    rating: input.rating,
  });
  return { insertedId };
}
