import { errorCodes, type ErrorCode } from '../../shared/errors.ts';
import { messages } from '../../shared/messages.ts';

/** The one error type of the server; the error plugin turns it into the design's JSON shape. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorCodes[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message: string = messages.notAllowed) => new AppError('FORBIDDEN', message);
export const unauthenticated = (message: string = messages.signInFirst) =>
  new AppError('UNAUTHENTICATED', message);
