import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DISTRICTS } from '../../../shared/districts.ts';
import { PAYMENT_METHODS } from '../../../shared/order-lifecycle.ts';
import { checkoutAnswerSchema, checkoutInputSchema } from '../../../shared/schemas/order.schema.ts';
import { idParamsSchema } from '../../../shared/schemas/common.schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireAccount, signedInOnly } from '../../plugins/access.ts';
import * as cart from '../cart/cart.service.ts';
import * as service from './orders.service.ts';

// POST /api/checkout: the cart (or the lines sent) becomes one checkout of several orders.
const errors = errorResponses(400, 401, 404, 409, 422);
const security = [{ bearer: [] }];
const tags = ['orders'];

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkout/options',
    {
      schema: {
        tags,
        summary: 'The ways to pay this shop offers and the delivery districts',
        response: {
          200: z.object({ paymentMethods: z.array(z.enum(PAYMENT_METHODS)), districts: z.array(z.string()) }),
        },
      },
    },
    async () => ({ paymentMethods: [...app.orders.settings.methods], districts: [...DISTRICTS] }),
  );

  app.get(
    '/checkout/:id/invoice',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: "A checkout's invoice as PDF, in its customer's language (the customer and admins)",
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: z.instanceof(Buffer).describe('The invoice, application/pdf'),
          ...errorResponses(400, 401, 403, 404),
        },
        security,
      },
    },
    async (request, reply) => {
      const pdf = await service.invoiceOf(app.orders, await requireAccount(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="agritools-invoice-${request.params.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/checkout',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: 'Check out the saved cart (or the items sent): one order per line, all or nothing',
        description:
          'Every line reserves its stock in one transaction. Cash on delivery goes to processing; bank ' +
          'transfer waits for an admin; an online payment answers the gateway address to send the buyer to.',
        body: checkoutInputSchema,
        response: { 201: checkoutAnswerSchema, ...errors },
        security,
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      const body = request.body;
      const lines =
        body.items ??
        (await cart.getCart(app.db, account)).items.map(({ productId, quantity }) => ({
          productId,
          quantity,
        }));
      if (lines.length === 0)
        throw new AppError('UNPROCESSABLE', 'Your cart is empty', { rule: 'empty-cart' });
      const placed = await service.placeCheckout(app.orders, account, {
        lines,
        phone: body.phone,
        address: body.address,
        district: body.district,
        paymentMethod: body.paymentMethod,
      });
      const bought = lines.map((line) => line.productId);
      await cart.clearBought(app.db, account, bought);
      const redirectUrl =
        body.paymentMethod === 'sslcommerz' ? await app.payments.start(placed.checkoutId) : undefined;
      return reply.status(201).send({
        checkoutId: placed.checkoutId,
        orderIds: placed.orders.map((order) => order._id),
        ...(redirectUrl ? { redirectUrl } : {}),
      });
    },
  );
};
