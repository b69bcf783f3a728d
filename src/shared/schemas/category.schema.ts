import { z } from 'zod';
import { idSchema } from './common.schema.ts';

// Categories (docs/decisions/020-catalogue-search.md). Every product is in exactly one; the
// slug is the category's form in addresses (/products?category=hand-tools).
export const categorySlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be lowercase letters and digits joined by hyphens')
  .max(80);

export const categorySchema = z.object({
  _id: idSchema,
  slug: z.string(),
  name: z.string(),
  /** The Bengali name for Bengali pages; null shows the English (docs/decisions/028). */
  nameBn: z.string().nullable(),
  /** How many products the category holds (admins cannot remove a category that holds any). */
  productCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

export const categoryInputSchema = z.object({
  name: z.string().trim().min(1).max(60),
  /** Absent on rename keeps the Bengali name; empty clears it. */
  nameBn: z.string().trim().max(60).optional(),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** The slug of a category name: "Hand tools & parts" → "hand-tools-parts". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
