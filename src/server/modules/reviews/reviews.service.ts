import type { Db } from '../../db/client.ts';
import type { Page } from '../../lib/listing.ts';
import type { Account } from '../users/account.ts';
import { avatarToShow } from '../../../shared/avatar.ts';
import type { Review, ReviewInput } from '../../../shared/schemas/review.schema.ts';
import * as repository from './reviews.repository.ts';

export function listReviews(db: Db, page: Page): Promise<Review[]> {
  return repository.listReviews(db, page);
}

/**
 * A review is written under the signed-in account's own name and avatar:
 * the spec's payload carries name and avatar, but whatever the body says is ignored.
 * Any signed-in user may review, admins included: the spec only hides the menu entry
 * from admins, and an admin's review is still honest about who wrote it.
 * Every visitor's browser loads a review's avatar, so only a picture the shop serves itself
 * (`siteOrigin` or a site path) or the identity provider's is copied; any other address
 * could be a tracking pixel and gives way to the default picture.
 */
export async function addReview(
  db: Db,
  account: Account,
  input: ReviewInput,
  siteOrigin: string,
): Promise<{ insertedId: string }> {
  const insertedId = await repository.insertReview(db, {
    userId: account.id,
    name: account.name,
    avatar: avatarToShow(account.avatar, siteOrigin),
    message: input.message,
    rating: input.rating,
  });
  return { insertedId };
}
