import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedCountSchema,
  idParamsSchema,
  insertedIdSchema,
  modifiedCountSchema,
} from '../../../shared/schemas/common.schema.ts';
import { categoryInputSchema, categoryListSchema } from '../../../shared/schemas/category.schema.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendPrepared } from '../../lib/prepared-answer.ts';
import { ALREADY_COMPRESSED } from '../../plugins/compression.ts';
import { adminOnly } from '../../plugins/access.ts';
import * as service from './categories.service.ts';

const tags = ['categories'];

const writeErrors = errorResponses(400, 401, 403, 404, 409);

// Categories are public to read; admins manage them (docs/decisions/020-catalogue-search.md).
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      ...ALREADY_COMPRESSED,
      schema: {
        tags,
        summary: 'List categories with their product counts',
        response: { 200: categoryListSchema },
      },
    },
    async (request, reply) => sendPrepared(request, reply, await service.categoriesAnswer(app.catalogue)),
  );

  app.post(
    '/categories',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a category (admin)',
        body: categoryInputSchema,
        response: { 201: insertedIdSchema, ...writeErrors },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => reply.status(201).send(await service.addCategory(app.catalogue, request.body)),
  );

  app.put(
    '/categories/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Rename a category (admin); its address (slug) stays',
        params: idParamsSchema,
        body: categoryInputSchema,
        response: { 200: modifiedCountSchema, ...writeErrors },
        security: [{ bearer: [] }],
      },
    },
    async (request) => service.renameCategory(app.catalogue, request.params.id, request.body),
  );

  app.delete(
    '/categories/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Remove an empty category (admin)',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, ...writeErrors },
        security: [{ bearer: [] }],
      },
    },
    async (request) => service.removeCategory(app.catalogue, request.params.id),
  );
};
