import { describe, expect, it } from 'vitest';
import { avatarToShow, isTrustedAvatar } from './avatar.ts';
import { DEFAULT_AVATAR_URL } from './constants.ts';

describe('avatars others may be shown', () => {
  it.each([
    '/images/avatars/avatar-1.svg',
    'https://lh3.googleusercontent.com/a/ACg8ocK=s96-c',
    'https://shop.example/images/avatars/avatar-3.svg',
  ])('shows %s', (url) => {
    expect(isTrustedAvatar(url, 'https://shop.example')).toBe(true);
    expect(avatarToShow(url, 'https://shop.example')).toBe(url);
  });

  it.each([
    'https://tracker.example/pixel.gif',
    'http://lh3.googleusercontent.com/a/photo',
    'https://lh3.googleusercontent.com.evil.example/a',
    'https://lh3.googleusercontent.com:8443/a',
    '//tracker.example/pixel.gif',
    'javascript:alert(1)',
    'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
    '',
  ])('replaces %s with the default picture', (url) => {
    expect(isTrustedAvatar(url, 'https://shop.example')).toBe(false);
    expect(avatarToShow(url, 'https://shop.example')).toBe(DEFAULT_AVATAR_URL);
  });

  it('shows the default picture for none at all', () => {
    expect(avatarToShow(null)).toBe(DEFAULT_AVATAR_URL);
    expect(avatarToShow(undefined)).toBe(DEFAULT_AVATAR_URL);
  });
});
