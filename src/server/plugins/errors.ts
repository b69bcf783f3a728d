import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCodes, type ErrorBody, type ErrorCode } from '../../shared/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { messages } from '../../shared/messages.ts';

export const codeForStatus = (status: number): ErrorCode => {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'UNPROCESSABLE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
};

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** A field that failed validation: `path` like `body.name`. */
export interface FieldProblem {
  path: string;
  message?: string;
}

/** The 400 every validation failure answers, from Fastify's schemas or from a check of our own. */
export function validationFailed(details: FieldProblem[]): AppError {
  const first = details[0];
  return new AppError(
    'VALIDATION_FAILED',
    first ? `${first.path}: ${first.message}` : 'Invalid request',
    details,
  );
}

/** One JSON shape for every 4xx/5xx; 5xx are masked and logged. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const failed = validationFailed(
        error.validation.map((issue) => ({
          path: `${error.validationContext ?? 'body'}${issue.instancePath.replaceAll('/', '.')}`,
          message: issue.message,
        })),
      );
      return reply.status(400).send(errorBody(failed.code, failed.message, failed.details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send(errorBody('INTERNAL', messages.internalError));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(status)
        .send(
          errorBody(
            codeForStatus(status),
            status === 503 ? messages.serviceUnavailable : messages.internalError,
          ),
        );
    }
    // Fastify's own 4xx (bad JSON, wrong content type, body too large, rate limit).
    const code = codeForStatus(status);
    return reply.status(errorCodes[code] === status ? status : 400).send(errorBody(code, error.message));
  });
});
