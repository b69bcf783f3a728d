import type { z } from 'zod';
import type { ProductInput } from '../../../../shared/schemas/product.schema.ts';
import { count, t } from '../../../lib/i18n.ts';

/** The form's field labels in the page's language (read when rendering, after setLocale). */
export const productFieldLabels = {
  get name() {
    return t.fieldProductName;
  },
  get price() {
    return t.fieldPrice;
  },
  get stock() {
    return t.fieldStock;
  },
  get minOrder() {
    return t.fieldMinOrder;
  },
  get rating() {
    return t.fieldRating;
  },
  get img() {
    return t.fieldImage;
  },
  get description() {
    return t.fieldDescription;
  },
  get category() {
    return t.categoryLabel;
  },
} satisfies Record<keyof ProductInput, string>;

/**
 * Words for the shared product schema's issues on the Add a Product form. The spec fixes no
 * messages here (section 5: all seven fields required, no other bounds), so the form names the
 * field; messages the schema sets itself (image URL, decimals) are kept.
 */
export const productFormErrors: z.core.$ZodErrorMap = (issue) => {
  const key = String(issue.path?.[0] ?? '') as keyof ProductInput;
  const label = (productFieldLabels as Record<string, string | undefined>)[key] ?? t.thisField;
  const n = (value: unknown) => count(Number(value));
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? t.fieldWholeNumber(label) : t.fieldRequired(label);
    case 'too_small':
      if (issue.origin === 'string') return t.fieldRequired(label);
      return issue.inclusive
        ? t.fieldAtLeast(label, n(issue.minimum))
        : t.fieldMoreThan(label, n(issue.minimum));
    case 'too_big':
      return issue.origin === 'string'
        ? t.fieldAtMostChars(label, n(issue.maximum))
        : t.fieldAtMost(label, n(issue.maximum));
    default:
      return undefined;
  }
};
