import { z } from 'zod';
import { messages } from '../messages.ts';
import { PHONE_PATTERN } from '../constants.ts';
import { idSchema } from './common.schema.ts';

// Spec section 3: Order: _id, name, email, productName, quantity, phone, address, img,
// price (per unit), paid. We add productId (design.md) and total (quantity x price, exact).
export const orderSchema = z.object({
  _id: idSchema,
  productId: idSchema.nullable(),
  name: z.string(),
  email: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  phone: z.string(),
  address: z.string(),
  img: z.string(),
  price: z.number(),
  total: z.number(),
  paid: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

export const phoneSchema = z
  .string({ message: messages.phoneRequired })
  .trim()
  .min(1, { message: messages.phoneRequired })
  .regex(PHONE_PATTERN, { message: messages.phonePattern });

const wholeNumberSchema = z.number({ message: messages.wholeNumber }).int({ message: messages.wholeNumber });

// POST /api/order. The spec's fields name, email, productName, img and price are
// accepted for compatibility but never trusted: the server copies them from the
// account and the product row (design.md).
export const orderInputSchema = z.object({
  productId: idSchema,
  quantity: wholeNumberSchema.min(1).max(1_000_000),
  phone: phoneSchema,
  address: z
    .string({ message: messages.addressRequired })
    .trim()
    .min(1, { message: messages.addressRequired })
    .max(500),
  name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  productName: z.string().max(200).optional(),
  img: z.string().max(2048).optional(),
  price: z.unknown().optional(),
});
export type OrderInput = z.infer<typeof orderInputSchema>;

/**
 * The order form's own fields (section 2): phone, address and quantity with the input's
 * rules and messages. The quantity's minimum and stock are the form's live rule
 * (rules.ts quantityProblem), so any whole number passes here.
 */
export const orderFormSchema = orderInputSchema
  .pick({ phone: true, address: true })
  .extend({ quantity: wholeNumberSchema });
export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderFormValues = z.output<typeof orderFormSchema>;

export const orderPatchSchema = z.object({ paid: z.literal(true) }).strict();
export const orderListSchema = z.array(orderSchema);
