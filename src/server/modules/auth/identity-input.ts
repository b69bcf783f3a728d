import { z } from 'zod';
import { messages } from '../../../shared/messages.ts';
import { avatarSchema, displayNameSchema } from '../../../shared/schemas/user.schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { validationFailed } from '../../plugins/errors.ts';
import { isCommonPassword } from './common-passwords.ts';

/** The fields of an identity call's body, or null when it is not a JSON object or a form. */
export type Fields = Record<string, unknown>;

/**
 * A body read as Better Auth will read it: TextDecoder drops a leading byte-order mark as
 * request.json() does, and media types are compared case-insensitively. Reading it
 * differently would let a crafted body skip a per-account limit or a check below.
 */
export function readFields(body: Buffer | undefined, contentType: string | undefined): Fields | null {
  if (!body?.length) return null;
  try {
    const text = new TextDecoder().decode(body);
    if (contentType?.toLowerCase().includes('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(text));
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : null;
  } catch {
    return null;
  }
}

/** The account a body names (trimmed, lower-case), or null. */
export function emailOf(fields: Fields | null): string | null {
  const value = fields?.email;
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
}

/**
 * The shop's own rules for what a person writes about themselves, applied on the identity
 * endpoints as on PUT /api/user/{email}: the same name limit, the same picture rule, the same
 * error shape. Better Auth would take any JSON value of any length.
 */
const profileInputs: Record<string, z.ZodType<Fields>> = {
  '/sign-up/email': z.looseObject({ name: displayNameSchema, image: avatarSchema.nullish() }),
  '/update-user': z.looseObject({ name: displayNameSchema.optional(), image: avatarSchema.nullish() }),
};

/** Where each call carries a new password. */
const newPasswordField: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/**
 * Checks an identity call's body; returns the body to hand Better Auth (as JSON) when it was
 * rewritten, else null. Throws the design's 400 for what the shop refuses.
 */
export async function checkIdentityInput(
  path: string,
  fields: Fields | null,
  minPasswordLength: number,
): Promise<Fields | null> {
  const schema = profileInputs[path];
  let rewritten: Fields | null = null;
  if (schema) {
    const parsed = schema.safeParse(fields ?? {});
    if (!parsed.success)
      throw validationFailed(
        parsed.error.issues.map((issue) => ({
          path: ['body', ...issue.path].join('.'),
          message: issue.message,
        })),
      );
    rewritten = parsed.data;
    if (parsed.data.image === '') {
      // An empty picture is no picture: removed on update, left out on sign-up.
      const { image: _empty, ...rest } = parsed.data;
      rewritten = path === '/update-user' ? { ...rest, image: null } : rest;
    }
  }
  const passwordField = newPasswordField[path];
  const password = passwordField ? fields?.[passwordField] : undefined;
  if (typeof password === 'string' && (await isCommonPassword(password, minPasswordLength)))
    throw new AppError('VALIDATION_FAILED', messages.commonPassword, [
      { path: `body.${passwordField}`, message: messages.commonPassword },
    ]);
  return rewritten;
}
