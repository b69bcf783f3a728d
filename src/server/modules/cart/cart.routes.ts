import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartInputSchema, cartSchema } from '../../../shared/schemas/order.schema.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireAccount, signedInOnly } from '../../plugins/access.ts';
import * as service from './cart.service.ts';

// The signed-in customer's saved cart, under /api.
const errors = errorResponses(400, 401, 404);
const security = [{ bearer: [] }];
const tags = ['cart'];

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cart',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: "The caller's saved cart",
        response: { 200: cartSchema, ...errors },
        security,
      },
    },
    async (request) => service.getCart(app.db, await requireAccount(request)),
  );

  app.put(
    '/cart',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: "Replace the caller's saved cart",
        body: cartInputSchema,
        response: { 200: cartSchema, ...errors },
        security,
      },
    },
    async (request) => service.saveCart(app.db, await requireAccount(request), request.body),
  );
};
