import { z } from 'zod';
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

// PUT /api/user/{email}: the sync payload after sign-in. Any other field (role!) is stripped.
export const userSyncSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(200).optional(),
  // Rendered as <img src>: an http(s) URL or a site path, never javascript: or data:.
  avatar: imageUrlSchema.optional(),
});
export type UserSync = z.infer<typeof userSyncSchema>;

// PUT /api/user/profile/{id}: no validation in the spec beyond "not required"; we cap
// lengths and keep links to http(s) because they are rendered as hrefs.
export const profileUpdateSchema = z.object({
  phone: z.string().trim().max(40).optional(),
  address: z.string().trim().max(500).optional(),
  linkedIn: optionalLinkSchema.optional(),
  facebook: optionalLinkSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const tokenSchema = z.object({ token: z.string() });
export const adminCheckSchema = z.object({ admin: z.boolean() });
export const userQuerySchema = z.object({ email: emailSchema });
export const userListSchema = z.array(userSchema);

// GET /api/auth-config: which sign-in methods the server offers (issue 3: Google needs a client id).
export const authConfigSchema = z.object({ google: z.boolean() });
export type AuthConfig = z.infer<typeof authConfigSchema>;
