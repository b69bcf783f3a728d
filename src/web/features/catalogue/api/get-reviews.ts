import { queryOptions } from '@tanstack/react-query';
import { getReviews } from './catalogue-reads.ts';

/** The reviews' query, which a new review invalidates. */
export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'] as const, queryFn: ({ signal }) => getReviews(signal) });
