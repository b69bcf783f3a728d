import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '../../../../shared/schemas/review.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/reviews: every review, newest first (spec section 7). */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return apiFetch<Review[]>('/reviews', { signal });
}

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'] as const, queryFn: ({ signal }) => getReviews(signal) });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
