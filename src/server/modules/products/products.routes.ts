import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  deletedCountSchema,
  idParamsSchema,
  insertedIdSchema,
} from '../../../shared/schemas/common.schema.ts';
import {
  productInputSchema,
  productListSchema,
  productSchema,
} from '../../../shared/schemas/product.schema.ts';
import { listingQuerySchema, pageFrom } from '../../lib/listing.ts';
import { requireAdmin } from '../../plugins/access.ts';
import * as service from './products.service.ts';

const tags = ['products'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

// Product reads are public; writes are admin-only (design.md), checked on request before
// the body is validated, so a visitor gets 401 and a customer 403 whatever they send.
const adminOnly = async (request: Parameters<typeof requireAdmin>[0]) => {
  await requireAdmin(request);
};

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'List products, oldest first (optionally one page of them)',
        querystring: listingQuerySchema,
        response: { 200: productListSchema, 400: errorBodySchema },
      },
    },
    async (request) => service.listProducts(app.db, pageFrom(request.query)),
  );

  app.get(
    '/product/:id',
    {
      schema: {
        tags,
        summary: 'One product',
        params: idParamsSchema,
        response: { 200: productSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.getProduct(app.db, request.params.id),
  );

  app.post(
    '/product',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a product (admin)',
        body: productInputSchema,
        response: { 201: insertedIdSchema, ...errors },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => reply.status(201).send(await service.addProduct(app.db, request.body)),
  );

  app.delete(
    '/product/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Remove a product (admin); orders keep their copy of it',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, ...errors },
        security: [{ bearer: [] }],
      },
    },
    async (request) => service.removeProduct(app.db, request.params.id),
  );
};
