import { z } from 'zod';
import { IMAGE_ALT_MAX } from '../media.ts';
import { NO_NUL_MESSAGE, hasNul, idSchema } from './common.schema.ts';

// Pictures uploaded for a product (POST /api/product/{id}/images; docs/decisions/027).

export const productImageSchema = z.object({
  id: idSchema,
  /** The widest stored version: the address the product's `img` takes. */
  url: z.string(),
  /** Every stored width, for the `srcset` attribute. */
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type ProductImage = z.infer<typeof productImageSchema>;
export const productImageListSchema = z.array(productImageSchema);

/** The text field sent with the file (multipart): what the picture shows, for people who cannot see it. */
export const imageAltSchema = z
  .string()
  .trim()
  .max(IMAGE_ALT_MAX, `At most ${IMAGE_ALT_MAX} characters`)
  .refine((alt) => !hasNul(alt), NO_NUL_MESSAGE);

export const imageParamsSchema = z.object({ id: idSchema, imageId: idSchema });
