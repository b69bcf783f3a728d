import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema.ts';
import type { Review } from '../../../shared/schemas/review.schema.ts';
import type { Page } from '../../lib/listing.ts';

// The only place that touches the reviews table; rows leave as the spec's Review DTO.

const columns = {
  id: reviews.id,
  name: reviews.name,
  avatar: reviews.avatar,
  message: reviews.message,
  rating: reviews.rating,
};

export interface NewReview {
  userId: string;
  name: string;
  avatar: string;
  message: string;
  rating: number;
}

/** Newest first; the id breaks ties between rows inserted together. One query on the created_at index. */
export async function listReviews(db: Db, page: Page): Promise<Review[]> {
  const rows = await db
    .select(columns)
    .from(reviews)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    avatar: row.avatar,
    message: row.message,
    rating: row.rating,
  }));
}

export async function insertReview(db: Db, review: NewReview): Promise<string> {
  const [row] = await db.insert(reviews).values(review).returning({ id: reviews.id });
  if (!row) throw new Error('review insert returned no row');
  return row.id;
}
