import type { z } from 'zod';
import type { ProductInput } from '../../../../shared/schemas/product.schema.ts';

export const productFieldLabels: Record<keyof ProductInput, string> = {
  name: 'Product Name',
  price: 'Price (per unit)',
  stock: 'Stock',
  minOrder: 'Minimum Order',
  rating: 'Rating',
  img: 'Image URL',
  description: 'Description',
};

/**
 * Words for the shared product schema's issues on the Add a Product form. The spec fixes no
 * messages here (section 5: all seven fields required, no other bounds), so the form names the
 * field; messages the schema sets itself (image URL, decimals) are kept.
 */
export const productFormErrors: z.core.$ZodErrorMap = (issue) => {
  const key = String(issue.path?.[0] ?? '') as keyof ProductInput;
  const label = productFieldLabels[key] ?? 'This field';
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? `${label} must be a whole number` : `${label} is required`;
    case 'too_small':
      if (issue.origin === 'string') return `${label} is required`;
      return `${label} must be ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${label} must be at most ${String(issue.maximum)} characters`
        : `${label} must be at most ${String(issue.maximum)}`;
    default:
      return undefined;
  }
};
