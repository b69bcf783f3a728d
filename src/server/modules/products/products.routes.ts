import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedCountSchema,
  idParamsSchema,
  insertedIdSchema,
} from '../../../shared/schemas/common.schema.ts';
import {
  catalogueProductListSchema,
  productEditAnswerSchema,
  productEditSchema,
  productDetailSchema,
  productImportReportSchema,
  productInputSchema,
  productReadQuerySchema,
  productListSchema,
  productQuerySchema,
} from '../../../shared/schemas/product.schema.ts';
import { NO_NUL_MESSAGE, hasNul } from '../../../shared/schemas/common.schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { pageFrom, readPage } from '../../lib/listing.ts';
import { sendPrepared } from '../../lib/prepared-answer.ts';
import { ALREADY_COMPRESSED } from '../../plugins/compression.ts';
import { adminOnly } from '../../plugins/access.ts';
import * as service from './products.service.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from './products-csv.ts';

const tags = ['products'];
const writeErrors = errorResponses(400, 401, 403, 404);

// Product reads are public; writes are admin-only (tests/api/authorization-matrix.api.test.ts).

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The reads every visitor makes are answered from the catalogue's read cache: the bodies
  // are the same JSON the response schemas describe, serialized and compressed once per change.

  app.get(
    '/products',
    {
      ...ALREADY_COMPRESSED,
      schema: {
        tags,
        summary:
          "List products. Without search parameters: the spec's list, oldest first, paged by limit/offset. " +
          'With q, category, inStock, minPrice, maxPrice, sort or cursor: a search, each product with its ' +
          'category, paged by the signed cursor of the Link header (rel="next")',
        querystring: productQuerySchema,
        response: { 200: z.union([productListSchema, catalogueProductListSchema]), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (service.isSearch(query)) {
        const path = request.url.split('?')[0] ?? '/api/products';
        return sendPrepared(request, reply, await service.productSearchAnswer(app.catalogue, query, path));
      }
      const page = pageFrom(query);
      const answer = await service.productPageAnswer(app.catalogue, page, query.lang ?? 'en', (read) =>
        readPage(request, page, read),
      );
      return sendPrepared(request, reply, answer);
    },
  );

  app.get(
    '/product/:id',
    {
      ...ALREADY_COMPRESSED,
      schema: {
        tags,
        summary: 'One product',
        params: idParamsSchema,
        querystring: productReadQuerySchema,
        response: { 200: productDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      return sendPrepared(
        request,
        reply,
        await service.productAnswer(app.catalogue, request.params.id, request.query.lang ?? 'en'),
      );
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

  // The catalogue as CSV and back (docs/decisions/030-product-csv.md).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) =>
      hasNul(body as string)
        ? done(new AppError('VALIDATION_FAILED', NO_NUL_MESSAGE), undefined)
        : done(null, body),
  );

  app.get(
    '/products/export.csv',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Every product as CSV, to edit in a spreadsheet and import again (admin)',
        produces: ['text/csv'],
        response: { 200: z.instanceof(Readable).describe('The CSV, text/csv'), ...writeErrors },
        security: [{ bearer: [] }],
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="agritools-products.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(service.productsCsv(app.catalogue))),
  );

  app.post(
    '/products/import',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Create (no id) and update (by id) products from CSV (admin); refused rows are reported',
        description:
          `A text/csv body with the export's columns, up to ${IMPORT_MAX_ROWS} rows. Each row is checked like ` +
          'Add a Product; the valid rows are written together and the others listed with their line and reasons. ' +
          'An update with stock_was (the stock its export showed) moves the stock by stock − stock_was, keeping what ' +
          'orders took since; a row that would take it below 0 is refused.',
        consumes: ['text/csv'],
        body: z.string().min(1, 'The CSV is empty'),
        response: { 200: productImportReportSchema, ...errorResponses(400, 401, 403, 413, 415) },
        security: [{ bearer: [] }],
      },
    },
    async (request) => service.importProducts(app.catalogue, request.body),
  );

  app.put(
    '/product/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Edit a product (admin): every field of Add a Product, stock included; category optional',
        description:
          'With stockWas (the stock the edit began from) the stock moves by stock − stockWas, keeping what ' +
          'orders took or gave back meanwhile; 409 when that would take it below zero. Without it the ' +
          'stock is set as sent.',
        params: idParamsSchema,
        body: productEditSchema,
        response: { 200: productEditAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
        security: [{ bearer: [] }],
      },
    },
    async (request) => service.editProduct(app.catalogue, request.params.id, request.body),
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
