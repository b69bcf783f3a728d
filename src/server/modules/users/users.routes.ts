import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acknowledgedSchema,
  emailParamsSchema,
  modifiedCountSchema,
  userIdSchema,
} from '../../../shared/schemas/common.schema.ts';
import {
  adminCheckSchema,
  authConfigSchema,
  profileUpdateSchema,
  tokenSchema,
  userListSchema,
  userQuerySchema,
  userSyncSchema,
} from '../../../shared/schemas/user.schema.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { listingQuerySchema, pageFrom, replyWithPage } from '../../lib/listing.ts';
import { adminOnly, requireAccount, signedInOnly } from '../../plugins/access.ts';
import { identityUserOf } from '../auth/identity.ts';
import * as service from './users.service.ts';
import { localeOfCookie } from '../../lib/locale.ts';

const tags = ['users'];
const bearer = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403);

// The user calls of spec section 7, each authorised on the server (tests/api/authorization-matrix.api.test.ts).
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth-config',
    {
      schema: {
        tags,
        summary: 'Which sign-in methods this server offers',
        response: { 200: authConfigSchema },
      },
    },
    async () => ({ google: !!app.env.GOOGLE_CLIENT_ID }),
  );

  app.put(
    '/user/:email',
    {
      schema: {
        tags,
        summary: 'Sync the signed-in user and get an access token (identity session cookie required)',
        description:
          'Issues { token } only when the Better Auth session cookie proves this email. Upserts name and avatar; every other field is ignored.',
        params: emailParamsSchema,
        body: userSyncSchema,
        response: { 200: tokenSchema, ...errors },
      },
    },
    async (request) => {
      const identity = await identityUserOf(app.identity, request.headers);
      return service.syncSignedInUser(
        { db: app.db, accessTokens: app.accessTokens },
        identity,
        request.params.email,
        request.body,
        // The language the customer is using now: their mails go out in it (docs/decisions/024).
        localeOfCookie(request.headers.cookie),
      );
    },
  );

  app.get(
    '/admin/:email',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: 'Is this user an admin? (own email, or any email for an admin)',
        params: emailParamsSchema,
        response: { 200: adminCheckSchema, ...errors },
        security: bearer,
      },
    },
    async (request) => service.isAdmin(app.db, await requireAccount(request), request.params.email),
  );

  app.get(
    '/user',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: 'The profile of a user as a one-item list (own email, or any email for an admin)',
        querystring: userQuerySchema,
        response: { 200: userListSchema, ...errors },
        security: bearer,
      },
    },
    async (request) => service.findProfiles(app.db, await requireAccount(request), request.query.email),
  );

  app.put(
    '/user/profile/:id',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: 'Update your own profile (phone, address, linkedIn, facebook)',
        params: z.object({ id: userIdSchema }),
        body: profileUpdateSchema,
        response: { 200: acknowledgedSchema, ...errors },
        security: bearer,
      },
    },
    async (request) =>
      service.updateProfile(app.db, await requireAccount(request), request.params.id, request.body),
  );

  app.get(
    '/users',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'All users, oldest first, one page at a time (admin only)',
        querystring: listingQuerySchema,
        response: { 200: userListSchema, ...errors },
        security: bearer,
      },
    },
    async (request, reply) =>
      replyWithPage(request, reply, pageFrom(request.query), (page) => service.listUsers(app.db, page)),
  );

  app.put(
    '/user/admin/:email',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Promote a user to admin (admin only)',
        params: emailParamsSchema,
        response: { 200: modifiedCountSchema, ...errors },
        security: bearer,
      },
    },
    async (request) => service.promoteUser(app.db, request.params.email),
  );
};
