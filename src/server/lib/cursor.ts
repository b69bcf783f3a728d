import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from './app-error.ts';

// Keyset cursors for GET /api/products (docs/decisions/020-catalogue-search.md) and the order
// lists (docs/decisions/007). A cursor holds the sort key of the last row served and a
// fingerprint of the search or list it belongs to, signed with the server's secret: a cursor
// that was edited, cut short or taken to another list is refused with 400 before it reaches a
// query.

export interface CursorPayload {
  /** The search the cursor belongs to (its canonical parameters, without the cursor). */
  search: string;
  /** The sort key of the last row served, as text (exact: timestamps and reals round-trip). */
  key: string;
  /** The id of the last row served (ties on the key). */
  id: string;
}

const encode = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export function createCursors(secret: string) {
  const key = createHmac('sha256', secret).update('agritools:product-cursor').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();
  const fingerprint = (search: string) =>
    createHmac('sha256', key).update(search).digest('base64url').slice(0, 16);

  return {
    encode(payload: CursorPayload): string {
      const body = encode(JSON.stringify([fingerprint(payload.search), payload.key, payload.id]));
      return `${body}.${sign(body).toString('base64url')}`;
    },
    /** The key and id of a cursor issued for `search`; 400 for anything else. */
    decode(cursor: string, search: string): { key: string; id: string } {
      const refuse = () => new AppError('VALIDATION_FAILED', 'querystring.cursor: Invalid cursor');
      const [body, signature, ...rest] = cursor.split('.');
      if (!body || !signature || rest.length > 0) throw refuse();
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        throw refuse();
      }
      if (
        !Array.isArray(parsed) ||
        parsed.length !== 3 ||
        !parsed.every((part) => typeof part === 'string') ||
        parsed[0] !== fingerprint(search)
      )
        throw refuse();
      return { key: parsed[1] as string, id: parsed[2] as string };
    },
  };
}
export type Cursors = ReturnType<typeof createCursors>;
