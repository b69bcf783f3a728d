// Every query key of the orders feature, so invalidation and queries never drift apart.
export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string) => ['orders', 'mine', email.toLowerCase()] as const,
  everyone: (status?: string) =>
    status ? (['orders', 'all', status] as const) : (['orders', 'all'] as const),
  detail: (orderId: string) => ['orders', 'detail', orderId] as const,
  checkoutOptions: () => ['orders', 'checkout-options'] as const,
};
