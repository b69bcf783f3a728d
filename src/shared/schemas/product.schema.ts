import { z } from 'zod';
import { categorySlugSchema } from './category.schema.ts';
import { dollarsSchema, idSchema, imageUrlSchema } from './common.schema.ts';
import { locales } from '../i18n/locale.ts';
import { productSorts } from '../constants.ts';

/** A page's language in a query (`?lang=bn`). */
const languageSchema = z.enum(locales);

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

// POST /api/product: all seven fields required (section 5); bounds are ours.
export const productInputSchema = z.object({
  name: z.string().trim().min(1).max(120),
  price: dollarsSchema,
  stock: z.number().int().min(0).max(1_000_000),
  minOrder: z.number().int().min(1).max(1_000_000),
  rating: z.number().min(0).max(5),
  img: imageUrlSchema,
  description: z.string().trim().min(1).max(5000),
  /** Not in the spec's form: a category slug; absent means Uncategorised on add, unchanged on edit. */
  category: categorySlugSchema.optional(),
  /**
   * Not in the spec's form: the Bengali name and description, shown on Bengali pages; empty or
   * absent shows the English (docs/decisions/028). Same bounds as the English.
   */
  nameBn: z.string().trim().max(120).optional(),
  descriptionBn: z.string().trim().max(5000).optional(),
});
export type ProductInput = z.infer<typeof productInputSchema>;

/**
 * PUT /api/product/{id}: the fields of Add a Product and, from the edit page, the stock the form
 * started from. With it the stock moves by what the admin changed (stock − stockWas), so units
 * that orders took or gave back meanwhile are kept (docs/decisions/003); without it the stock
 * is set as sent.
 */
export const productEditSchema = productInputSchema.extend({
  stockWas: z.number().int().min(0).max(1_000_000).optional(),
});
export type ProductEdit = z.infer<typeof productEditSchema>;
/** What an edit answers: the spec-style count, and the stock the product has now. */
export const productEditAnswerSchema = z.object({ modifiedCount: z.number().int(), stock: z.number().int() });
export type ProductEditAnswer = z.infer<typeof productEditAnswerSchema>;

export const productListSchema = z.array(productSchema);

// --- Finding products (GET /api/products with search parameters; docs/decisions/020) ---

/** The longest search text accepted; longer is a 400, not a slow query. */
export const SEARCH_TEXT_MAX = 200;
/**
 * A search's page, and so the cards /products draws first: a phone shows one card a screen, and
 * every card drawn is laid out twice before the page answers a tap (docs/decisions/020).
 */
export const SEARCH_PAGE_DEFAULT = 12;
export const SEARCH_PAGE_MAX = 100;

const optionalDollars = z.coerce
  .number()
  .min(0)
  .max(9_999_999.99)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'At most two decimals');

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** The parameters that make GET /api/products a search; without any of them it answers as the spec has it. */
export const searchParameterNames = [
  'q',
  'category',
  'inStock',
  'minPrice',
  'maxPrice',
  'sort',
  'cursor',
] as const;

export const productQuerySchema = z.object({
  q: z.string().max(SEARCH_TEXT_MAX, `At most ${SEARCH_TEXT_MAX} characters`).optional(),
  category: z.string().max(80).optional(),
  inStock: booleanFlag.optional(),
  minPrice: optionalDollars.optional(),
  maxPrice: optionalDollars.optional(),
  sort: z.enum(productSorts).optional(),
  cursor: z.string().max(600).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
  lang: languageSchema.optional(),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

/** A product as the products page and the product page show it: the spec's fields and its category. */
export const catalogueProductSchema = productSchema.extend({ category: z.string() });
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;
export const catalogueProductListSchema = z.array(catalogueProductSchema);

/**
 * GET /api/product/{id}: the catalogue product with its Bengali texts as stored (null when
 * none), so the admin's edit form shows them; `name` and `description` follow `?lang=`.
 */
export const productDetailSchema = catalogueProductSchema.extend({
  nameBn: z.string().nullable(),
  descriptionBn: z.string().nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** `?lang=bn` on a catalogue read: names and descriptions in Bengali where a product has them. */
export const productReadQuerySchema = z.object({ lang: languageSchema.optional() });

/** POST /api/products/import: what the import did, and each refused line with its reasons. */
export const productImportReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  refused: z.array(
    z.object({ line: z.number().int(), id: z.string().optional(), errors: z.array(z.string()) }),
  ),
});
export type ProductImportReport = z.infer<typeof productImportReportSchema>;
