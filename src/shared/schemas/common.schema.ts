import { z } from 'zod';

/**
 * PostgreSQL text cannot hold a NUL character: text that arrives with one is a 400, never a
 * database error. JSON bodies are checked whole (plugins/json-body.ts); other bodies (CSV,
 * multipart fields) by the route.
 */
export const NO_NUL_MESSAGE = 'Text must not contain NUL characters';
export const hasNul = (text: string): boolean => text.includes('\u0000');

/** Product, order and review ids are UUIDs; anything else is a 400, never a database error. */
export const idSchema = z.uuid({ message: 'Invalid id' });
export const idParamsSchema = z.object({ id: idSchema });

/** User ids are issued by the identity layer: short url-safe strings. */
export const userIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid user id');

export const emailSchema = z.email().max(254);
export const emailParamsSchema = z.object({ email: emailSchema });

/** Image addresses: an http(s) URL or a path on this site. Never `javascript:` or `data:`. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s/][^\s]*$/.test(value),
    'Must be an http(s) URL or a site path',
  );

/** A link the browser will follow: empty, or an http(s) URL. */
export const optionalLinkSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'Must be an http(s) URL');

/** Dollars as the spec shows them: at least one cent, at most 2 decimals, below ten million. */
export const dollarsSchema = z
  .number()
  // min(0.01), not positive(): 1e-9 is positive, passes the decimals check and rounds to 0 cents.
  .min(0.01)
  .max(9_999_999.99)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'At most two decimals');

export const insertedIdSchema = z.object({ insertedId: z.string() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const acknowledgedSchema = z.object({ acknowledged: z.boolean() });
