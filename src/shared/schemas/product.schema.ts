import { z } from 'zod';
import { dollarsSchema, idSchema, imageUrlSchema } from './common.schema.ts';

// Spec section 3: Product: _id, name, price (per unit), description, minOrder, stock, img, rating.
export const productSchema = z.object({
  _id: idSchema,
  name: z.string(),
  price: z.number(),
  description: z.string(),
  minOrder: z.number().int(),
  stock: z.number().int(),
  img: z.string(),
  rating: z.number(),
});
export type Product = z.infer<typeof productSchema>;

// POST /api/product: all seven fields required (section 5); bounds are ours (design.md).
export const productInputSchema = z.object({
  name: z.string().trim().min(1).max(120),
  price: dollarsSchema,
  stock: z.number().int().min(0).max(1_000_000),
  minOrder: z.number().int().min(1).max(1_000_000),
  rating: z.number().min(0).max(5),
  img: imageUrlSchema,
  description: z.string().trim().min(1).max(5000),
});
export type ProductInput = z.infer<typeof productInputSchema>;

export const productListSchema = z.array(productSchema);
