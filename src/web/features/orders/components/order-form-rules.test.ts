import { describe, expect, it } from 'vitest';
import { orderInputSchema } from '../../../../shared/schemas/order.schema.ts';
import { orderFormRules, trimmedOrder } from './order-form-rules.ts';

// The order form checks its fields without zod; the server checks them with the order's schema.
// A customer must get the same answer from both: what the form takes, the server takes, and what
// the server refuses, the form refuses with the same words.
const serverRule = (field: 'phone' | 'address' | 'quantity') => (value: unknown) => {
  const checked = orderInputSchema.shape[field].safeParse(value);
  return checked.success || checked.error.issues[0]!.message;
};

describe('order form rules', () => {
  it.each([
    '',
    '   ',
    '+8801712345678',
    ' 01712345678 ',
    '008801712345678',
    '12345',
    '+880171234567',
    '+88017123456789',
    '+88 01712345678',
    '0171234567a',
  ])('answer the phone %j as the server does', (phone) => {
    expect(orderFormRules.phone(phone)).toBe(serverRule('phone')(phone));
  });

  it.each(['', ' \n ', 'Village road, Bogura', '  House 4, Rajshahi  '])(
    'answer the address %j as the server does',
    (address) => {
      expect(orderFormRules.address(address)).toBe(serverRule('address')(address));
    },
  );

  // The server also wants at least 1; the form's live rule says so in the spec's words.
  it.each([1, 4, 250, 2.5, Number.NaN])('answer the quantity %d as the server does', (quantity) => {
    expect(orderFormRules.quantity(quantity)).toBe(serverRule('quantity')(quantity));
  });

  it('send the phone and address without the spaces around them, as the server keeps them', () => {
    const values = { phone: ' 01712345678 ', address: '  House 4, Rajshahi  ', quantity: 4 };
    const kept = orderInputSchema.pick({ phone: true, address: true }).parse(values);
    expect(trimmedOrder(values)).toEqual({ ...kept, quantity: 4 });
  });
});
