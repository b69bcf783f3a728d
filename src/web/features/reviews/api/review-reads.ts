import type { Review } from '../../../../shared/schemas/review.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

// A plain call, not a query hook: the home page reads reviews once and must not load
// TanStack Query (docs/decisions/009).

/** GET /api/reviews: the reviews, newest first. */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return apiFetch<Review[]>('/reviews', { signal });
}
