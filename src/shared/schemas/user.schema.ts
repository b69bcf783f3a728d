import { z } from 'zod';
import { messages } from '../messages.ts';
import { emailSchema, imageUrlSchema, optionalLinkSchema, userIdSchema } from './common.schema.ts';

// Spec section 3: User: _id, name, email, role. Profile extras: avatar, phone, address, linkedIn, facebook.
export const userSchema = z.object({
  _id: userIdSchema,
  name: z.string(),
  email: z.string(),
  role: z.string(),
  avatar: z.string(),
  phone: z.string(),
  address: z.string(),
  linkedIn: z.string(),
  facebook: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** The longest display name the shop takes, on every way in (sync and identity endpoints). */
export const DISPLAY_NAME_MAX = 200;
/** A display name where one is required (sign-up, a name change through the identity layer). */
export const displayNameSchema = z.string().trim().min(1, messages.nameRequired).max(DISPLAY_NAME_MAX);
/**
 * A profile picture: rendered as <img src>, so an http(s) URL or a site path, never
 * javascript: or data:. An identity without a photo may send "": no picture (the default).
 */
export const avatarSchema = z.literal('').or(imageUrlSchema);

// PUT /api/user/{email}: the sync payload after sign-in. Any other field (role!) is stripped.
export const userSyncSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(DISPLAY_NAME_MAX).optional(),
  avatar: avatarSchema.optional(),
});
export type UserSync = z.infer<typeof userSyncSchema>;

/** Starts with a URL scheme (`javascript:`, `mailto:`, `http:`). */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Starts with a dotted host name and a port (`facebook.com:443/me`), which is not a scheme. */
const HOST_AND_PORT = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+:\d+(?:[/?#]|$)/i;

/**
 * What a person types as a profile link, made into the address we store: `facebook.com/me`
 * and `//facebook.com/me` become `https://facebook.com/me`; an empty value stays empty; a
 * value with a scheme (or a site path) is left alone, so only http(s) passes the check after.
 */
export function withHttpsScheme(value: string): string {
  const hasScheme = SCHEME.test(value) && !HOST_AND_PORT.test(value);
  if (value === '' || hasScheme || /^\/(?!\/)/.test(value)) return value;
  return value.startsWith('//') ? `https:${value}` : `https://${value}`;
}

/**
 * LinkedIn and Facebook profile links. Spec section 5: the profile form has no validation, so
 * a link typed without its scheme is accepted with https:// put in front. The links are
 * rendered as hrefs, so javascript:, data: and every other scheme but http(s) stay refused.
 * A transform (not z.preprocess) keeps the request's JSON Schema a plain string for OpenAPI.
 */
export const profileLinkSchema = z
  .string()
  .trim()
  .max(2048)
  .transform(withHttpsScheme)
  .pipe(optionalLinkSchema);

// PUT /api/user/profile/{id}: no validation in the spec beyond "not required"; we cap
// lengths and keep links to http(s) because they are rendered as hrefs.
export const profileUpdateSchema = z.object({
  phone: z.string().trim().max(40).optional(),
  address: z.string().trim().max(500).optional(),
  linkedIn: profileLinkSchema.optional(),
  facebook: profileLinkSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const tokenSchema = z.object({ token: z.string() });
export const adminCheckSchema = z.object({ admin: z.boolean() });
export const userQuerySchema = z.object({ email: emailSchema });
export const userListSchema = z.array(userSchema);

// GET /api/auth-config: which sign-in methods the server offers (Google needs a client id).
export const authConfigSchema = z.object({ google: z.boolean() });
export type AuthConfig = z.infer<typeof authConfigSchema>;
