// Every query key of the products feature, so queries and invalidation never drift apart.
export const productKeys = {
  all: ['products'] as const,
  /** Manage Products' paged list. */
  list: () => ['products', 'list'] as const,
  /** One product (the place-order page: its stock changes when orders are placed). */
  detail: (productId: string) => ['products', 'detail', productId] as const,
  /** A search of the products page, by its query string. */
  search: (query: string) => ['products', 'search', query] as const,
  categories: () => ['products', 'categories'] as const,
};
