import { ApiError } from './api-client.ts';
import { translate } from './i18n.ts';

/**
 * Why a call failed, in the page's language: a refused field's own words (the server's first
 * detail) rather than the whole message, which names the field by its place in the request
 * (`querystring.minPrice: …`, `body: Missing column: …`); otherwise the error's message.
 */
export function reasonOf(error: Error): string {
  const [first] =
    error instanceof ApiError && Array.isArray(error.details) ? (error.details as unknown[]) : [];
  const message = (first as { message?: unknown } | undefined)?.message;
  return translate(typeof message === 'string' ? message : error.message);
}
