import type { Db } from '../../db/client.ts';
import type { AccessTokens } from '../../lib/access-token.ts';
import { AppError } from '../../lib/app-error.ts';
import { findAccountOfSession } from './users.repository.ts';
import { messages } from '../../../shared/messages.ts';

/** Who is calling, as proven by the Bearer access token and read fresh from the database. */
export interface Account {
  id: string;
  email: string;
  name: string;
  role: string;
  avatar: string;
  isAdmin: boolean;
}

/**
 * The account an `Authorization: Bearer` header proves, or null without the header. The token
 * counts only while the identity session it was issued from lives, and only for the email it
 * was issued for (docs/decisions/001-identity-and-access-tokens.md).
 */
export async function accountFromAuthorization(
  deps: { db: Db; accessTokens: AccessTokens },
  header: string | undefined,
): Promise<Account | null> {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Malformed Authorization header');
  const claims = await deps.accessTokens.verify(match[1]);
  if (!claims) throw new AppError('UNAUTHENTICATED', messages.accessTokenInvalid);
  const row = await findAccountOfSession(deps.db, claims.userId, claims.sessionId);
  // A token for a deleted user, an ended session, or an email changed since proves nothing.
  if (!row || row.email !== claims.email) throw new AppError('UNAUTHENTICATED', messages.accessTokenInvalid);
  return { ...row, isAdmin: row.role === 'admin' };
}
