import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insertedIdSchema } from '../../../shared/schemas/common.schema.ts';
import { reviewInputSchema, reviewListSchema } from '../../../shared/schemas/review.schema.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { listingQuerySchema, pageFrom, replyWithPage } from '../../lib/listing.ts';
import { requireAccount, signedInOnly } from '../../plugins/access.ts';
import * as service from './reviews.service.ts';

const tags = ['reviews'];

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviews',
    {
      schema: {
        tags,
        summary: 'List reviews, newest first, one page at a time (Link: rel="next" when more follow)',
        querystring: listingQuerySchema,
        response: { 200: reviewListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      replyWithPage(request, reply, pageFrom(request.query), (page) => service.listReviews(app.db, page)),
  );

  app.post(
    '/review',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: "Add a review under the signed-in account's name and avatar",
        body: reviewInputSchema,
        response: { 201: insertedIdSchema, ...errorResponses(400, 401) },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      return reply.status(201).send(await service.addReview(app.db, account, request.body, app.publicUrl));
    },
  );
};
