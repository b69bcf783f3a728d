import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { errorResponses } from '../../lib/error-responses.ts';
import { listingQuerySchema, pageFrom, readPage } from '../../lib/listing.ts';
import { sendPrepared } from '../../lib/prepared-answer.ts';
import { adminOnly } from '../../plugins/access.ts';
import * as service from './products.service.ts';

const tags = ['products'];
const writeErrors = errorResponses(400, 401, 403, 404);

// Product reads are public; writes are admin-only (design.md).

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The two reads every visitor makes are answered from the catalogue's read cache: the bodies
  // are the same JSON the response schemas describe, serialized and compressed once per change.

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'List products, oldest first, one page at a time (Link: rel="next" when more follow)',
        querystring: listingQuerySchema,
        response: { 200: productListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const page = pageFrom(request.query);
      const answer = await service.productPageAnswer(app.catalogue, page, (read) =>
        readPage(request, page, read),
      );
      return sendPrepared(request, reply, answer);
    },
  );

  app.get(
    '/product/:id',
    {
      schema: {
        tags,
        summary: 'One product',
        params: idParamsSchema,
        response: { 200: productSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      return sendPrepared(request, reply, await service.productAnswer(app.catalogue, request.params.id));
    },
  );

  app.post(
    '/product',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a product (admin)',
        body: productInputSchema,
        response: { 201: insertedIdSchema, ...writeErrors },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await service.addProduct(app.catalogue, request.body));
    },
  );

  app.delete(
    '/product/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Remove a product (admin); orders keep their copy of it',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, ...writeErrors },
        security: [{ bearer: [] }],
      },
    },
    async (request) => service.removeProduct(app.catalogue, request.params.id),
  );
};
