import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { NO_NUL_MESSAGE, hasNul } from '../../shared/schemas/common.schema.ts';

/** True when any string in the parsed JSON (keys included) holds a NUL character. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => hasNul(key) || containsNul(inner));
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (secure-json-parse, which refuses __proto__ and
 * constructor.prototype keys), plus one rule every route needs: PostgreSQL text cannot hold
 * NUL characters, so a body carrying one is a 400 here instead of a database error later.
 * Found by the hostile-input property test.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      if (containsNul(value)) return done(new AppError('VALIDATION_FAILED', NO_NUL_MESSAGE), undefined);
      done(null, value);
    });
  });
});
