import { DEFAULT_AVATAR_URL } from '../../../shared/constants.ts';
import { sameEmail } from '../../../shared/email.ts';
import type { User, UserSync, ProfileUpdate } from '../../../shared/schemas/user.schema.ts';
import type { Locale } from '../../../shared/i18n/locale.ts';
import type { Db } from '../../db/client.ts';
import type { Page } from '../../lib/listing.ts';
import type { AccessTokens } from '../../lib/access-token.ts';
import { forbidden, unauthenticated } from '../../lib/app-error.ts';
import type { IdentityUser } from '../auth/identity.ts';
import type { Account } from './account.ts';
import * as repository from './users.repository.ts';

/**
 * PUT /api/user/{email} (spec section 7): issue the access token only for the email the
 * identity session proves. The original handed a token to anyone who named an email.
 * Only name and avatar are taken from the body; role, email and the rest are ignored.
 */
export async function syncSignedInUser(
  deps: { db: Db; accessTokens: AccessTokens },
  identity: IdentityUser | null,
  email: string,
  body: UserSync,
  locale: Locale | null = null,
): Promise<{ token: string }> {
  if (!identity) throw unauthenticated('Sign in first: no identity session');
  if (!sameEmail(identity.email, email)) throw forbidden('You can only sync your own account');
  const current = await repository.findUserById(deps.db, identity.id);
  if (!current) throw unauthenticated('Sign in first: no identity session');
  const name = body.name?.trim() || undefined;
  // An empty avatar means the identity has no photo: the default picture.
  const avatar =
    body.avatar === '' ? DEFAULT_AVATAR_URL : body.avatar || current.avatar || DEFAULT_AVATAR_URL;
  await repository.updateSyncedFields(deps.db, current._id, { name, avatar, ...(locale ? { locale } : {}) });
  const token = await deps.accessTokens.sign({
    userId: current._id,
    email: current.email,
    sessionId: identity.sessionId,
  });
  return { token };
}

/** Own email, or an admin asking about anyone (GET /api/admin/{email}). */
export async function isAdmin(db: Db, caller: Account, email: string): Promise<{ admin: boolean }> {
  if (sameEmail(caller.email, email)) return { admin: caller.isAdmin };
  if (!caller.isAdmin) throw forbidden('You can only ask about your own account');
  const user = await repository.findUserByEmail(db, email);
  return { admin: user?.role === 'admin' };
}

/** GET /api/user?email=: the caller's own profile, or any profile for an admin. */
export async function findProfiles(db: Db, caller: Account, email: string): Promise<User[]> {
  if (!sameEmail(caller.email, email) && !caller.isAdmin) {
    throw forbidden('You can only read your own profile');
  }
  const user = await repository.findUserByEmail(db, email);
  return user ? [user] : [];
}

/** PUT /api/user/profile/{id}: own profile only, admins included. */
export async function updateProfile(
  db: Db,
  caller: Account,
  id: string,
  fields: ProfileUpdate,
): Promise<{ acknowledged: true }> {
  if (caller.id !== id) throw forbidden('You can only edit your own profile');
  await repository.updateProfileFields(db, id, fields);
  return { acknowledged: true };
}

export const listUsers = (db: Db, page: Page) => repository.listUsers(db, page);

/** PUT /api/user/admin/{email}: admin only (checked by the route); no demotion exists. */
export async function promoteUser(db: Db, email: string): Promise<{ modifiedCount: number }> {
  return { modifiedCount: await repository.promoteToAdmin(db, email) };
}
