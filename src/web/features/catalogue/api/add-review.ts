import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '../../../../shared/schemas/review.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { reviewsQueryOptions } from './get-reviews.ts';

/**
 * POST /api/review. The spec's payload also names name and avatar; the server writes the
 * review under the signed-in account's own, so only rating and message are sent.
 */
export function addReview(input: Pick<ReviewInput, 'rating' | 'message'>): Promise<{ insertedId: string }> {
  return apiFetch<{ insertedId: string }>('/review', {
    method: 'POST',
    body: { rating: input.rating, message: input.message },
  });
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryOptions().queryKey }),
  });
}
