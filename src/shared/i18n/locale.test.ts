import { describe, expect, it } from 'vitest';
import { localeOfPath, localizePath, stripLocale } from './locale.ts';

describe('language in the address', () => {
  it.each([
    ['/', 'en', '/'],
    ['/login', 'en', '/login'],
    ['/bn', 'bn', '/'],
    ['/bn/', 'bn', '/'],
    ['/bn/login', 'bn', '/login'],
    ['/bn/dashboard/myorders', 'bn', '/dashboard/myorders'],
    ['/bnx', 'en', '/bnx'],
    ['/blogs/bn', 'en', '/blogs/bn'],
  ])('%s is %s, page %s', (path, locale, page) => {
    expect(localeOfPath(path)).toBe(locale);
    expect(stripLocale(path)).toBe(page);
  });

  it('puts a page into either language, keeping the page', () => {
    expect(localizePath('/', 'bn')).toBe('/bn/');
    expect(localizePath('/placeorder/abc', 'bn')).toBe('/bn/placeorder/abc');
    expect(localizePath('/bn/placeorder/abc', 'en')).toBe('/placeorder/abc');
    expect(localizePath('/bn/', 'en')).toBe('/');
    expect(localizePath('/bn/login', 'bn')).toBe('/bn/login');
  });
});
