import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLocale, loadLocaleOf } from './i18n.ts';

/** The values written to the root element's `lang` while `run` runs. */
async function langWrites(run: () => Promise<unknown>): Promise<unknown[]> {
  const write = vi.spyOn(document.documentElement, 'lang', 'set');
  try {
    await run();
    return write.mock.calls.map(([value]) => value);
  } finally {
    write.mockRestore();
  }
}

describe("the page's language on the root element", () => {
  afterEach(async () => {
    await loadLocaleOf('/');
  });

  // Writing `lang`, even unchanged, restyles the whole document: a long task on a phone.
  it('is left alone when the page already says the language of its address', async () => {
    document.documentElement.lang = 'en';
    expect(await langWrites(() => loadLocaleOf('/products'))).toEqual([]);
    expect(getLocale()).toBe('en');

    document.documentElement.lang = 'bn';
    expect(await langWrites(() => loadLocaleOf('/bn/products'))).toEqual([]);
    expect(getLocale()).toBe('bn');
  });

  it('is set to the language of the address where the page says another', async () => {
    document.documentElement.lang = 'en';
    await loadLocaleOf('/bn/products');
    expect(document.documentElement.lang).toBe('bn');

    await loadLocaleOf('/products');
    expect(document.documentElement.lang).toBe('en');
  });
});
