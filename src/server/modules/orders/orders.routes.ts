import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedCountSchema,
  emailSchema,
  idParamsSchema,
  insertedIdSchema,
  modifiedCountSchema,
} from '../../../shared/schemas/common.schema.ts';
import { orderInputSchema, orderListSchema, orderPatchSchema } from '../../../shared/schemas/order.schema.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { listingQuerySchema, pageFrom, replyWithPage } from '../../lib/listing.ts';
import { adminOnly, requireAccount, signedInOnly } from '../../plugins/access.ts';
import { stockChanged } from '../products/products.service.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { createOrdersService } from './orders.service.ts';

// The order calls of spec section 7 plus the admin's "mark paid" (design.md), under /api.
// HTTP only: parse, authorise the caller, call the service, reply.

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const security = [{ bearer: [] }];
const tags = ['orders'];

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createOrdersService(createOrdersRepository(app.db));

  app.post(
    '/order',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: 'Place an order for the signed-in account',
        description:
          'Name and email come from the account; product name, image and unit price from the product. ' +
          'Quantity must be between the minimum order and the stock; the stock is taken in the same transaction.',
        body: orderInputSchema,
        response: { 201: insertedIdSchema, ...errors },
        security,
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      const result = await service.placeOrder(account, request.body);
      stockChanged(app.catalogue);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/order',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: "The caller's orders (an admin may read anyone's)",
        querystring: listingQuerySchema.extend({ email: emailSchema }),
        response: { 200: orderListSchema, ...errors },
        security,
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      return replyWithPage(request, reply, pageFrom(request.query), (page) =>
        service.listOrders(account, request.query.email, page),
      );
    },
  );

  app.get(
    '/orders',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'All orders, newest first, one page at a time (admin)',
        querystring: listingQuerySchema,
        response: { 200: orderListSchema, ...errors },
        security,
      },
    },
    async (request, reply) =>
      replyWithPage(request, reply, pageFrom(request.query), (page) => service.listAllOrders(page)),
  );

  app.delete(
    '/order/:id',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: 'Cancel an order (customer: own unpaid order; admin: any order)',
        description:
          'Cancelling an unpaid order returns its quantity to the stock. A customer gets 409 for a paid order ' +
          "and 403 for another's; an admin's removal of a paid order keeps the sale (no stock back).",
        params: idParamsSchema,
        response: { 200: deletedCountSchema, ...errors },
        security,
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      const removed = await service.removeOrder(account, request.params.id);
      stockChanged(app.catalogue); // an unpaid order's quantity may have gone back to stock
      return removed;
    },
  );

  app.patch(
    '/order/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Mark an order paid (admin)',
        params: idParamsSchema,
        body: orderPatchSchema,
        response: { 200: modifiedCountSchema, ...errors },
        security,
      },
    },
    async (request) => service.markPaid(request.params.id),
  );
};
