import { errorBodySchema } from '../../shared/errors.ts';

/**
 * The error answers a route declares, all in the one error shape (src/shared/errors.ts):
 * `response: { 200: okSchema, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}
