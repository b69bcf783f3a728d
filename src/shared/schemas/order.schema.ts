import { z } from 'zod';
import { messages } from '../messages.ts';
import { ADDRESS_MAX_LENGTH, PHONE_PATTERN } from '../constants.ts';
import { idSchema } from './common.schema.ts';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../order-lifecycle.ts';
import { DISTRICTS } from '../districts.ts';

// Spec section 3: Order: _id, name, email, productName, quantity, phone, address, img,
// price (per unit), paid. We add productId and total (quantity x price, exact);
// docs/decisions/017-order-model-and-lifecycle.md.
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
  // Not in the spec: where the order stands (docs/decisions/017-order-model-and-lifecycle.md).
  status: z.enum(ORDER_STATUSES).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  checkoutId: idSchema.nullable().optional(),
  createdAt: z.string().optional(),
  /** An unpaid order is cancelled after this time and its stock returns. */
  holdUntil: z.string().nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const phoneSchema = z
  .string({ message: messages.phoneRequired })
  .trim()
  .min(1, { message: messages.phoneRequired })
  .regex(PHONE_PATTERN, { message: messages.phonePattern });

export const addressSchema = z
  .string({ message: messages.addressRequired })
  .trim()
  .min(1, { message: messages.addressRequired })
  .max(ADDRESS_MAX_LENGTH);

const wholeNumberSchema = z.number({ message: messages.wholeNumber }).int({ message: messages.wholeNumber });

// POST /api/order. The spec's fields name, email, productName, img and price are
// accepted for compatibility but never trusted: the server copies them from the
// account and the product row (docs/decisions/003-stock-and-order-rules.md).
export const orderInputSchema = z.object({
  productId: idSchema,
  quantity: wholeNumberSchema.min(1).max(1_000_000),
  phone: phoneSchema,
  address: addressSchema,
  name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  productName: z.string().max(200).optional(),
  img: z.string().max(2048).optional(),
  price: z.unknown().optional(),
});
export type OrderInput = z.infer<typeof orderInputSchema>;

export const orderPatchSchema = z.object({ paid: z.literal(true) }).strict();
export const orderListSchema = z.array(orderSchema);

export const orderEventSchema = z.object({
  at: z.string(),
  actor: z.enum(['customer', 'admin', 'system', 'payment']),
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** GET /api/order/{id}: one order with its history and what may happen to it next. */
export const orderDetailSchema = orderSchema.extend({
  carrier: z.string().nullable(),
  tracking: z.string().nullable(),
  district: z.string().nullable(),
  history: z.array(orderEventSchema),
  /** Statuses an admin may move it to (empty for customers). */
  adminMoves: z.array(z.enum(ORDER_STATUSES)),
  /** Ways to pay this order may still use (empty once paid or closed). */
  payWith: z.array(z.enum(PAYMENT_METHODS)),
  /**
   * The other orders of its checkout (a checkout of several products is one order each), so
   * the page can show what else was bought together and what the whole checkout costs.
   */
  sameCheckout: z.array(
    z.object({
      _id: idSchema,
      productName: z.string(),
      quantity: z.number().int(),
      total: z.number(),
      status: z.enum(ORDER_STATUSES),
    }),
  ),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderStatusInputSchema = z
  .object({
    status: z.enum(ORDER_STATUSES),
    note: z.string().trim().max(500).optional(),
    carrier: z.string().trim().min(1).max(100).optional(),
    tracking: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type OrderStatusInput = z.infer<typeof orderStatusInputSchema>;

/** An optional text box: what was typed, trimmed, or nothing when it was left empty. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined);

/** The order page's move form: the status input, its text boxes possibly left empty. */
export const orderStatusFormSchema = orderStatusInputSchema.extend({
  note: optionalText(500),
  carrier: optionalText(100),
  tracking: optionalText(100),
});
export type OrderStatusFormInput = z.input<typeof orderStatusFormSchema>;
export type OrderStatusFormValues = z.output<typeof orderStatusFormSchema>;

export const orderListQuerySchema = z.object({ status: z.enum(ORDER_STATUSES).optional() });

export const cartItemSchema = z.object({
  productId: idSchema,
  quantity: z.number().int().min(1).max(1_000_000),
});
export const cartInputSchema = z.object({ items: z.array(cartItemSchema).max(100) }).strict();
export type CartInput = z.infer<typeof cartInputSchema>;

/** A cart line as the server answers it: the product as it is now. */
export const cartLineSchema = z.object({
  productId: idSchema,
  quantity: z.number().int(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  stock: z.number().int(),
  minOrder: z.number().int(),
});
export const cartSchema = z.object({ items: z.array(cartLineSchema) });
export type CartLine = z.infer<typeof cartLineSchema>;

export const checkoutInputSchema = z
  .object({
    items: z.array(cartItemSchema).min(1).max(100).optional(),
    phone: phoneSchema,
    address: addressSchema,
    district: z.enum(DISTRICTS, { message: messages.districtRequired }),
    paymentMethod: z.enum(PAYMENT_METHODS),
  })
  .strict();
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** The checkout form's fields: the checkout input without the cart lines (the cart sends them). */
export const checkoutFormSchema = checkoutInputSchema.omit({ items: true });
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutFormValues = z.output<typeof checkoutFormSchema>;

export const checkoutAnswerSchema = z.object({
  checkoutId: idSchema,
  orderIds: z.array(idSchema),
  redirectUrl: z.string().optional(),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;
