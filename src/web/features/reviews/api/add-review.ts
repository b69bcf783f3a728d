import { useMutation } from '@tanstack/react-query';
import type { ReviewInput } from '../../../../shared/schemas/review.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The spec's review payload (section 7): name, avatar, message, rating. */
export type AddReviewInput = Required<Pick<ReviewInput, 'name' | 'avatar' | 'message' | 'rating'>>;

/**
 * POST /api/review with the spec's payload. The server writes the review under the signed-in
 * account's own name and avatar whatever is sent, so these are for the record.
 */
export function addReview(input: AddReviewInput): Promise<{ insertedId: string }> {
  return apiFetch<{ insertedId: string }>('/review', {
    method: 'POST',
    body: { name: input.name, avatar: input.avatar, message: input.message, rating: input.rating },
  });
}

/** Nothing to invalidate: the home page reads reviews afresh each time it opens (review-reads.ts). */
export function useAddReview() {
  return useMutation({ mutationFn: addReview });
}
