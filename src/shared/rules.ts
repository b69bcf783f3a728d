import { DESCRIPTION_PREVIEW_LENGTH } from './constants.ts';
import { messages } from './messages.ts';

/** First 100 characters of a product description (section 2, Our Products). */
export function descriptionPreview(description: string): string {
  return description.slice(0, DESCRIPTION_PREVIEW_LENGTH);
}

/**
 * The order quantity rule of section 5: below minOrder shows one message, above stock
 * another; either disables Place Order. Returns the message or null when the quantity is fine.
 * Used by the order form and by the server, so both speak the same words.
 */
export function quantityProblem(
  quantity: number,
  product: { minOrder: number; stock: number },
): string | null {
  if (quantity > product.stock) return messages.outOfStock;
  if (quantity < product.minOrder) return messages.belowMinimumOrder;
  return null;
}

/** 'Rating: N out of 5', 0 when missing (section 2, carousel). */
export function ratingLabel(rating: number | null | undefined): string {
  return messages.ratingOutOf5(typeof rating === 'number' && Number.isFinite(rating) ? rating : 0);
}
