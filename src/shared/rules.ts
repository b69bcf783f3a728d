import { DESCRIPTION_PREVIEW_LENGTH } from './constants.ts';
// The frame's words only: rules run on the home page (docs/decisions/023).
import { shellMessages as messages } from './messages/shell.ts';

/** First 100 characters of a product description (section 2, Our Products). */
export function descriptionPreview(description: string): string {
  return description.slice(0, DESCRIPTION_PREVIEW_LENGTH);
}

/** Whether a card marks its preview with an ellipsis: cut mid-sentence (one ending a sentence needs none). */
export function previewNeedsEllipsis(description: string): boolean {
  return (
    description.length > DESCRIPTION_PREVIEW_LENGTH && !/[.!?]\s*$/.test(descriptionPreview(description))
  );
}

/** What is wrong with an order's quantity; each side picks its own words or status for it. */
export type QuantityProblem = 'out-of-stock' | 'below-minimum';

/**
 * The order quantity rule of section 5: more than the stock, or less than the minimum order
 * (the stock is checked first). Null when the quantity is fine. The order form shows a message
 * for the code and disables Place Order; the server answers 409 or 422 (docs/decisions/003).
 */
export function quantityProblem(
  quantity: number,
  product: { minOrder: number; stock: number },
): QuantityProblem | null {
  if (quantity > product.stock) return 'out-of-stock';
  if (quantity < product.minOrder) return 'below-minimum';
  return null;
}

/** 'Rating: N out of 5', 0 when missing (section 2, carousel). */
export function ratingLabel(rating: number | null | undefined): string {
  return messages.ratingOutOf5(typeof rating === 'number' && Number.isFinite(rating) ? rating : 0);
}
