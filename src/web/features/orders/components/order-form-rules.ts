import { PHONE_PATTERN } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';

/**
 * What the order form checks before placing an order (spec sections 2 and 5), with React Hook
 * Form's own `validate` rules rather than a zod schema, as login does (docs/decisions/034): the
 * place-order page is where a customer pays, and zod was a quarter of its JavaScript. The
 * server checks the same fields with the order's schema (src/shared/schemas/order.schema.ts), and
 * `order-form-rules.test.ts` holds the two to the same answers.
 */
export type OrderFormValues = { phone: string; address: string; quantity: number };

export const orderFormRules = {
  phone: (value: string) => {
    const phone = value.trim();
    if (phone === '') return messages.phoneRequired;
    return PHONE_PATTERN.test(phone) || messages.phonePattern;
  },
  address: (value: string) => value.trim() !== '' || messages.addressRequired,
  // The quantity's minimum and stock are the form's live rule (rules.ts quantityProblem).
  quantity: (value: number) => Number.isInteger(value) || messages.wholeNumber,
} satisfies { [Field in keyof OrderFormValues]: (value: OrderFormValues[Field]) => true | string };

/** The values as the server takes them: the phone and address without the spaces around them. */
export const trimmedOrder = (values: OrderFormValues): OrderFormValues => ({
  ...values,
  phone: values.phone.trim(),
  address: values.address.trim(),
});
