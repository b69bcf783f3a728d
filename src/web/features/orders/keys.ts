// Every query key of the orders feature, so invalidation and queries never drift apart.
export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string) => ['orders', 'mine', email.toLowerCase()] as const,
  everyone: () => ['orders', 'all'] as const,
};
