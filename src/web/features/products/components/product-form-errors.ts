import type { z } from 'zod';
import type { ProductInput } from '../../../../shared/schemas/product.schema.ts';
import type { Messages } from '../../../../shared/i18n/dictionary.ts';
import { count, t } from '../../../lib/i18n.ts';

/** Which message names each of the form's fields. */
const labelKeys = {
  name: 'fieldProductName',
  price: 'fieldPrice',
  stock: 'fieldStock',
  minOrder: 'fieldMinOrder',
  rating: 'fieldRating',
  img: 'fieldImage',
  description: 'fieldDescription',
  category: 'categoryLabel',
  nameBn: 'fieldProductNameBn',
  descriptionBn: 'fieldDescriptionBn',
} as const satisfies Record<keyof ProductInput, keyof Messages>;

/** A field's label in the page's language (read when rendering, after setLocale). */
export const productFieldLabel = (name: keyof ProductInput): string => t[labelKeys[name]];

/**
 * Words for the shared product schema's issues on the Add a Product form. The spec fixes no
 * messages here (section 5: all seven fields required, no other bounds), so the form names the
 * field; messages the schema sets itself (image URL, decimals) are kept.
 */
export const productFormErrors: z.core.$ZodErrorMap = (issue) => {
  const key = String(issue.path?.[0] ?? '');
  const label = key in labelKeys ? productFieldLabel(key as keyof ProductInput) : t.thisField;
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
