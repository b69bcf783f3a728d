import { z } from 'zod';
import { messages } from '../messages.ts';
import { RATING_MAX, RATING_MIN, REVIEW_MESSAGE_MAX } from '../constants.ts';
import { idSchema } from './common.schema.ts';

// Spec section 3: Review: _id, name, avatar, message, rating.
export const reviewSchema = z.object({
  _id: idSchema,
  name: z.string(),
  avatar: z.string(),
  message: z.string(),
  rating: z.number(),
});
export type Review = z.infer<typeof reviewSchema>;

// POST /api/review. The spec's payload also names name and avatar; the server takes
// both from the signed-in account, so they are accepted and ignored.
export const reviewInputSchema = z.object({
  rating: z
    .number({ message: messages.ratingRange })
    .int({ message: messages.ratingRange })
    .min(RATING_MIN, { message: messages.ratingRange })
    .max(RATING_MAX, { message: messages.ratingRange }),
  message: z
    .string({ message: messages.commentTooLong })
    .trim()
    .min(1, { message: messages.commentTooLong })
    .max(REVIEW_MESSAGE_MAX, { message: messages.commentTooLong }),
  name: z.string().max(200).optional(),
  avatar: z.string().max(2048).optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewListSchema = z.array(reviewSchema);
