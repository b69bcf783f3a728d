import type { FastifyInstance } from 'fastify';
import type { OrderInput } from '../../src/shared/schemas/order.schema.ts';

/** A valid POST /api/order body for a product; override any field (or forge extra ones). */
export function orderBody(
  productId: string,
  overrides: Partial<Record<keyof OrderInput, unknown>> & Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    productId,
    quantity: 1,
    phone: '01712345678',
    address: 'House 12, Road 3, Rajshahi',
    ...overrides,
  };
}

/** Places an order through the API as `caller`; returns the raw response. */
export function postOrder(
  app: FastifyInstance,
  caller: { headers: Record<string, string> },
  body: Record<string, unknown>,
) {
  return app.inject({ method: 'POST', url: '/api/order', headers: caller.headers, payload: body });
}

/** Places an order that must succeed; returns its id. */
export async function placeOrder(
  app: FastifyInstance,
  caller: { headers: Record<string, string> },
  productId: string,
  overrides: Partial<Record<keyof OrderInput, unknown>> = {},
): Promise<string> {
  const response = await postOrder(app, caller, orderBody(productId, overrides));
  if (response.statusCode !== 201)
    throw new Error(`order not placed: ${response.statusCode} ${response.body}`);
  return (response.json() as { insertedId: string }).insertedId;
}
