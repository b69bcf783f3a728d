import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN, DESCRIPTION_PREVIEW_LENGTH } from './constants.ts';
import { messages } from './messages.ts';
import { centsToDollars, dollarsToCents, formatCents, formatDollars, orderTotalCents } from './money.ts';
import { descriptionPreview, previewNeedsEllipsis, quantityProblem, ratingLabel } from './rules.ts';
import { reviewInputSchema } from './schemas/review.schema.ts';
import { orderInputSchema } from './schemas/order.schema.ts';
import { productInputSchema } from './schemas/product.schema.ts';

describe('phone rule', () => {
  it.each(['01712345678', '+8801712345678', '008801712345678', '0101712345678', '12345678901'])(
    'accepts %s',
    (phone) => {
      expect(PHONE_PATTERN.test(phone)).toBe(true);
    },
  );
  it.each(['', '0171234567', '+880171234567', '+1 555 123 4567', '017123456789a', '+9901712345678'])(
    'rejects %s',
    (phone) => {
      expect(PHONE_PATTERN.test(phone)).toBe(false);
    },
  );
});

describe('order quantity rule', () => {
  const product = { minOrder: 10, stock: 50 };
  it('asks for the minimum order below it', () => expect(quantityProblem(9, product)).toBe('below-minimum'));
  it('says out of stock above the stock', () => expect(quantityProblem(51, product)).toBe('out-of-stock'));
  it('accepts the bounds themselves', () => {
    expect(quantityProblem(10, product)).toBeNull();
    expect(quantityProblem(50, product)).toBeNull();
  });
  it('treats the initial 0 as below the minimum', () =>
    expect(quantityProblem(0, product)).toBe('below-minimum'));
});

describe('money', () => {
  it('keeps totals exact in cents', () => {
    expect(orderTotalCents(3, dollarsToCents(0.1))).toBe(30);
    expect(centsToDollars(orderTotalCents(7, dollarsToCents(19.99)))).toBe(139.93);
  });
  it('refuses more than two decimals and non-finite amounts', () => {
    expect(() => dollarsToCents(1.005)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
  });
  it('formats cents with a $', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(500)).toBe('$5');
  });
  it('formats dollars from the API, rounding to the cent instead of throwing', () => {
    expect(formatDollars(1234.56)).toBe('$1,234.56');
    expect(formatDollars(5)).toBe('$5');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
    expect(formatDollars(7.129)).toBe('$7.13');
    expect(formatDollars(19.999)).toBe('$20');
  });
});

describe('display rules', () => {
  it('previews the first 100 characters of a description', () => {
    const text = 'x'.repeat(DESCRIPTION_PREVIEW_LENGTH) + 'TAIL';
    expect(descriptionPreview(text)).toBe('x'.repeat(100));
    expect(descriptionPreview('short')).toBe('short');
  });
  it('marks a preview cut mid-sentence with an ellipsis, not one that ends a sentence or the text', () => {
    expect(previewNeedsEllipsis('x'.repeat(DESCRIPTION_PREVIEW_LENGTH) + 'TAIL')).toBe(true);
    expect(previewNeedsEllipsis(`${'x'.repeat(DESCRIPTION_PREVIEW_LENGTH - 1)}. More`)).toBe(false);
    expect(previewNeedsEllipsis('x'.repeat(DESCRIPTION_PREVIEW_LENGTH))).toBe(false);
    expect(previewNeedsEllipsis('short')).toBe(false);
  });
  it('shows rating 0 when missing', () => {
    expect(ratingLabel(undefined)).toBe('Rating: 0 out of 5');
    expect(ratingLabel(4)).toBe('Rating: 4 out of 5');
  });
});

describe('payload schemas speak the spec messages', () => {
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;
  it('review rating outside 1..5', () => {
    expect(firstMessage(reviewInputSchema.safeParse({ rating: 0, message: 'ok' }))).toBe(
      messages.ratingRange,
    );
    expect(firstMessage(reviewInputSchema.safeParse({ rating: 6, message: 'ok' }))).toBe(
      messages.ratingRange,
    );
    expect(reviewInputSchema.safeParse({ rating: 5, message: 'ok' }).success).toBe(true);
  });
  it('review message over 150 characters', () => {
    expect(firstMessage(reviewInputSchema.safeParse({ rating: 3, message: 'a'.repeat(151) }))).toBe(
      messages.commentTooLong,
    );
    expect(reviewInputSchema.safeParse({ rating: 3, message: 'a'.repeat(150) }).success).toBe(true);
  });
  it('order phone empty and malformed', () => {
    const base = { productId: '9b2f0d3e-8c1a-4d5e-9f6a-1b2c3d4e5f60', quantity: 1, address: 'Farm road 1' };
    expect(firstMessage(orderInputSchema.safeParse({ ...base, phone: '' }))).toBe(messages.phoneRequired);
    expect(firstMessage(orderInputSchema.safeParse({ ...base, phone: '12' }))).toBe(messages.phonePattern);
    expect(orderInputSchema.safeParse({ ...base, phone: '+8801712345678' }).success).toBe(true);
  });
  it('order quantity must be an integer number', () => {
    const base = { productId: '9b2f0d3e-8c1a-4d5e-9f6a-1b2c3d4e5f60', phone: '01712345678', address: 'x' };
    expect(orderInputSchema.safeParse({ ...base, quantity: '3' }).success).toBe(false);
    expect(orderInputSchema.safeParse({ ...base, quantity: 1.5 }).success).toBe(false);
    expect(orderInputSchema.safeParse({ ...base, quantity: -1 }).success).toBe(false);
  });
  it('product needs all seven fields and refuses script URLs', () => {
    const product = {
      name: 'Hoe',
      price: 12.5,
      stock: 3,
      minOrder: 1,
      rating: 4,
      img: '/images/x.svg',
      description: 'd',
    };
    expect(productInputSchema.safeParse(product).success).toBe(true);
    for (const key of Object.keys(product)) {
      const { [key as keyof typeof product]: _omit, ...rest } = product;
      expect(productInputSchema.safeParse(rest).success, key).toBe(false);
    }
    expect(productInputSchema.safeParse({ ...product, img: 'javascript:alert(1)' }).success).toBe(false);
    expect(productInputSchema.safeParse({ ...product, price: -1 }).success).toBe(false);
    expect(productInputSchema.safeParse({ ...product, price: 0.001 }).success).toBe(false);
  });
});
