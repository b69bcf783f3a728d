import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/schemas/common.schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireAccount, signedInOnly } from '../../plugins/access.ts';
import { verifySign } from './sslcommerz.client.ts';
import * as service from './payments.service.ts';

// The gateway's calls (IPN, and the browser's returns it sends back) and the owner's
// "pay online", under /api. The gateway posts forms; this plugin alone parses them.

const FORM_LIMIT = 16 * 1024;
const formSchema = z.record(z.string(), z.string());
const tags = ['payments'];

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.payments.context;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => {
      try {
        const fields: Record<string, string> = {};
        for (const [key, value] of new URLSearchParams(body as string))
          if (!key.includes('\u0000') && !value.includes('\u0000')) fields[key] = value;
        done(null, fields);
      } catch {
        done(new AppError('BAD_REQUEST', 'Malformed form body'), undefined);
      }
    },
  );

  app.post(
    '/order/:id/pay',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: 'Start an online payment for the order (its whole checkout); answers the gateway page',
        params: idParamsSchema,
        body: z.object({ method: z.literal('sslcommerz') }).strict(),
        response: {
          200: z.object({ redirectUrl: z.string() }),
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
        security: [{ bearer: [] }],
      },
    },
    async (request) => ({
      redirectUrl: await service.payOrderOnline(ctx, await requireAccount(request), request.params.id),
    }),
  );

  app.post(
    '/payments/sslcommerz/ipn',
    {
      schema: {
        tags,
        summary: "SSLCommerz's instant payment notification",
        description:
          'Checked against the gateway validation API before anything changes; duplicate, late and forged ' +
          'notices change nothing. Always 200, so the gateway does not retry forever.',
        body: formSchema.optional(),
        response: { 200: z.object({ received: z.boolean(), outcome: z.string() }) },
      },
    },
    async (request) => {
      const fields = request.body ?? {};
      try {
        if (ctx.sslcommerz && !verifySign(fields, app.env.SSLCOMMERZ_STORE_PASSWORD ?? ''))
          request.log.warn(
            { tranId: fields.tran_id },
            'SSLCommerz IPN with a bad signature; validating anyway',
          );
        const result = await service.settleSslcommerz(
          ctx,
          { tranId: fields.tran_id, valId: fields.val_id },
          'ipn',
        );
        return {
          received: true,
          outcome: result.kind === 'ignored' ? `ignored:${result.reason}` : result.kind,
        };
      } catch (error) {
        // The gateway could not be asked (network): the payment stays pending; a later notice
        // or the buyer's return settles it.
        request.log.error({ err: error, tranId: fields.tran_id }, 'SSLCommerz IPN not settled');
        return { received: true, outcome: 'deferred' };
      }
    },
  );

  /** Where the buyer's browser goes after the gateway, by outcome. */
  const landing = async (checkoutId: string | null | undefined, outcome: string) => {
    const orderId = checkoutId ? await service.firstOrderOf(ctx, checkoutId) : null;
    return orderId ? `/dashboard/payment/${orderId}?payment=${outcome}` : `/dashboard?payment=${outcome}`;
  };
  const returnSchema = {
    tags,
    body: formSchema.optional(),
    response: { 303: z.null() },
  };

  app.post(
    '/payments/sslcommerz/success',
    { schema: { ...returnSchema, summary: "The buyer's return after paying (sent on by the gateway)" } },
    async (request, reply) => {
      const fields = request.body ?? {};
      let target: string;
      try {
        const result = await service.settleSslcommerz(
          ctx,
          { tranId: fields.tran_id, valId: fields.val_id },
          'return',
        );
        const ok = result.kind !== 'ignored';
        target = await landing(result.checkoutId, ok ? 'success' : 'failed');
      } catch (error) {
        request.log.error({ err: error, tranId: fields.tran_id }, 'SSLCommerz return not settled');
        target = '/dashboard?payment=pending';
      }
      return reply.redirect(target, 303);
    },
  );

  for (const outcome of ['fail', 'cancel'] as const)
    app.post(
      `/payments/sslcommerz/${outcome}`,
      {
        schema: {
          ...returnSchema,
          summary: `The buyer's return after the payment was ${outcome === 'fail' ? 'refused' : 'cancelled'}`,
        },
      },
      async (request, reply) => {
        const fields = request.body ?? {};
        const status = outcome === 'fail' ? 'failed' : 'cancelled';
        const checkoutId = await service.endSslcommerzAttempt(ctx, fields.tran_id, status);
        return reply.redirect(await landing(checkoutId, status), 303);
      },
    );
};
