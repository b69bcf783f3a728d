import type { FastifyReply } from 'fastify';
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
import { listingQuerySchema, pageFrom, readPage } from '../../lib/listing.ts';
import type { CachedAnswer } from '../../lib/read-cache.ts';
import { adminOnly } from '../../plugins/access.ts';
import * as service from './products.service.ts';

const tags = ['products'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

// Product reads are public; writes are admin-only (design.md).

const JSON_TYPE = 'application/json; charset=utf-8';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The two reads every visitor makes are answered from the read cache (lib/read-cache.ts):
  // the bodies are the same JSON the response schemas describe, serialized once per change.
  const send = (reply: FastifyReply, answer: CachedAnswer) => {
    if (answer.link) reply.header('link', answer.link);
    return reply.type(JSON_TYPE).send(answer.body);
  };

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'List products, oldest first, one page at a time (Link: rel="next" when more follow)',
        querystring: listingQuerySchema,
        response: { 200: productListSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const page = pageFrom(request.query);
      const answer = await app.readCache.get(`products:${page.limit}:${page.offset}`, async () => {
        const { rows, next } = await readPage(request, page, (p) => service.listProducts(app.db, p));
        return { body: JSON.stringify(rows), link: next };
      });
      return send(reply, answer);
    },
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
    async (request, reply) => {
      const answer = await app.readCache.get(`product:${request.params.id}`, async () => ({
        body: JSON.stringify(await service.getProduct(app.db, request.params.id)),
      }));
      return send(reply, answer);
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
        response: { 201: insertedIdSchema, ...errors },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const inserted = await service.addProduct(app.db, request.body);
      app.readCache.invalidate();
      return reply.status(201).send(inserted);
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
        response: { 200: deletedCountSchema, ...errors },
        security: [{ bearer: [] }],
      },
    },
    async (request) => {
      const removed = await service.removeProduct(app.db, request.params.id);
      app.readCache.invalidate();
      return removed;
    },
  );
};
