import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedCountSchema,
  emailSchema,
  idParamsSchema,
  insertedIdSchema,
  modifiedCountSchema,
} from '../../../shared/schemas/common.schema.ts';
import {
  orderDetailSchema,
  orderInputSchema,
  orderListQuerySchema,
  orderListSchema,
  orderPatchSchema,
  orderStatusInputSchema,
} from '../../../shared/schemas/order.schema.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { listingQuerySchema, pageFrom, replyWithJsonPage } from '../../lib/listing.ts';
import { adminOnly, requireAccount, requireAdmin, signedInOnly } from '../../plugins/access.ts';
import * as service from './orders.service.ts';

// The order calls of spec section 7, the admin's "mark paid" (docs/decisions/017-order-model-and-lifecycle.md), and the order page
// and lifecycle moves (docs/decisions/017), under /api. HTTP only: parse, authorise, call
// the service, reply.

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const security = [{ bearer: [] }];
const tags = ['orders'];

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.orders;

  app.post(
    '/order',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: 'Place an order for the signed-in account (paid by bank transfer)',
        description:
          'Name and email come from the account; product name, image and unit price from the product. ' +
          'Quantity must be between the minimum order and the stock; the stock is taken in the same transaction ' +
          'and held until the order is paid or its hold runs out.',
        body: orderInputSchema,
        response: { 201: insertedIdSchema, ...errors },
        security,
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      const result = await service.placeOrder(ctx, account, request.body);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/order',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: "The caller's orders (an admin may read anyone's); cancelled orders are left out",
        querystring: listingQuerySchema.extend({ email: emailSchema }),
        response: { 200: orderListSchema, ...errors },
        security,
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      return replyWithJsonPage(
        request,
        reply,
        pageFrom(request.query, { request, cursors: app.catalogue.cursors }),
        (page) => service.listOrders(ctx, account, request.query.email, page),
        app.catalogue.cursors,
      );
    },
  );

  app.get(
    '/orders',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'All orders, newest first, one page at a time (admin); ?status= filters',
        description: 'Without a status, cancelled orders are left out.',
        querystring: listingQuerySchema.extend(orderListQuerySchema.shape),
        response: { 200: orderListSchema, ...errors },
        security,
      },
    },
    async (request, reply) =>
      replyWithJsonPage(
        request,
        reply,
        pageFrom(request.query, { request, cursors: app.catalogue.cursors }),
        (page) => service.listAllOrders(ctx, request.query.status, page),
        app.catalogue.cursors,
      ),
  );

  app.get(
    '/order/:id',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: 'One order with its status and history (its owner and admins)',
        params: idParamsSchema,
        response: { 200: orderDetailSchema, ...errors },
        security,
      },
    },
    async (request) => service.getOrder(ctx, await requireAccount(request), request.params.id),
  );

  app.post(
    '/order/:id/status',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Move an order along its lifecycle (admin)',
        description:
          'placed → paid → processing → shipped → delivered; cancelled before shipping (unpaid); refunded when ' +
          'paid. Any other move is a 409. Cancelling, and refunding before shipping, return the stock.',
        params: idParamsSchema,
        body: orderStatusInputSchema,
        response: { 200: orderDetailSchema, ...errors },
        security,
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return service.changeStatus(ctx, admin, request.params.id, request.body);
    },
  );

  app.delete(
    '/order/:id',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: 'Cancel an order (customer: own unpaid order; admin: any unpaid order)',
        description:
          'The order becomes "cancelled" (its history stays) and its quantity returns to the stock. ' +
          "A paid order is a 409 (an admin refunds it instead); another's order a 403.",
        params: idParamsSchema,
        response: { 200: deletedCountSchema, ...errors },
        security,
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      return service.cancelOrder(ctx, account, request.params.id);
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
    async (request) => service.markPaid(ctx, await requireAdmin(request), request.params.id),
  );
};
