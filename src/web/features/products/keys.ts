import type { Locale } from '../../../shared/i18n/locale.ts';
import { getLocale } from '../../lib/i18n.ts';

// Every query key of the products feature, so queries and invalidation never drift apart.
export const productKeys = {
  all: ['products'] as const,
  /** Manage Products' paged list. */
  list: () => ['products', 'list'] as const,
  /** One product (the place-order page: its stock changes when orders are placed). */
  detail: (productId: string, locale: Locale = getLocale()) =>
    ['products', 'detail', productId, locale] as const,
  /** A search of the products page, by its query string. */
  search: (query: string, locale: Locale = getLocale()) => ['products', 'search', query, locale] as const,
  categories: () => ['products', 'categories'] as const,
  /** A product's uploaded pictures (the Edit Product page). */
  images: (productId: string) => ['products', 'images', productId] as const,
};
