import { describe, expect, it } from 'vitest';
import { profileLinkSchema, profileUpdateSchema, withHttpsScheme } from './user.schema.ts';

describe('profile links (spec section 5: the profile form has no validation)', () => {
  it.each([
    ['facebook.com/me', 'https://facebook.com/me'],
    ['www.linkedin.com/in/grower', 'https://www.linkedin.com/in/grower'],
    ['  facebook.com/me  ', 'https://facebook.com/me'],
    ['//facebook.com/me', 'https://facebook.com/me'],
    ['facebook.com:443/me', 'https://facebook.com:443/me'],
    ['https://facebook.com/me', 'https://facebook.com/me'],
    ['HTTP://example.com/a?b=c#d', 'HTTP://example.com/a?b=c#d'],
    ['', ''],
  ])('accepts %j as %j', (typed, stored) => {
    expect(profileLinkSchema.parse(typed)).toBe(stored);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    '  javascript:alert(1)',
    'javascript:1',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:me@example.com',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'http:facebook.com',
    '/dashboard',
    'facebook.com/my profile',
    'java\nscript:alert(1)',
    `${'a'.repeat(2040)}.com`,
  ])('refuses %j', (typed) => {
    expect(profileLinkSchema.safeParse(typed).success).toBe(false);
  });

  it('puts https:// only in front of a link without a scheme', () => {
    expect(withHttpsScheme('linkedin.com/in/a')).toBe('https://linkedin.com/in/a');
    expect(withHttpsScheme('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(withHttpsScheme('/site/path')).toBe('/site/path');
    expect(withHttpsScheme('')).toBe('');
  });

  it('applies to both links of the profile update, which stay optional', () => {
    expect(profileUpdateSchema.parse({ linkedIn: 'linkedin.com/in/a', facebook: 'facebook.com/a' })).toEqual({
      linkedIn: 'https://linkedin.com/in/a',
      facebook: 'https://facebook.com/a',
    });
    expect(profileUpdateSchema.parse({ phone: '01712345678' })).toEqual({ phone: '01712345678' });
    expect(profileUpdateSchema.safeParse({ facebook: 'javascript:alert(1)' }).success).toBe(false);
  });
});
