import { DEFAULT_AVATAR_URL } from './constants.ts';

/** The identity provider's own image host: Google account photos. */
export const IDENTITY_IMAGE_HOSTS: readonly string[] = ['lh3.googleusercontent.com'];

/**
 * True for an avatar that may be loaded by other people's browsers: a picture the shop serves
 * itself (a site path, or an address on `siteOrigin`) or one on the identity provider's own
 * image host over https. Any other address could be a tracking pixel.
 */
export function isTrustedAvatar(url: string, siteOrigin?: string): boolean {
  if (/^\/[^\s/\\][^\s\\]*$/.test(url)) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (siteOrigin && parsed.origin === siteOrigin) return true;
  return parsed.protocol === 'https:' && IDENTITY_IMAGE_HOSTS.includes(parsed.hostname) && !parsed.port;
}

/** The avatar to show (or to copy where everyone sees it): a trusted one, else the default picture. */
export function avatarToShow(url: string | null | undefined, siteOrigin?: string): string {
  return url && isTrustedAvatar(url, siteOrigin) ? url : DEFAULT_AVATAR_URL;
}
