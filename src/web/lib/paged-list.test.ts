import { describe, expect, it } from 'vitest';
import type { ApiPage } from './api-client.ts';
import { filterPages, loadedRows, nextPageParam } from './paged-list.ts';

const row = (id: string) => ({ _id: id });
const pages = (...list: ApiPage<{ _id: string }>[]) => ({ pages: list, pageParams: list.map((_, i) => i) });

describe('paged lists', () => {
  it('asks for the next page only while the server names one', () => {
    expect(nextPageParam({ rows: [], next: '/orders?limit=100&offset=100' })).toBe(
      '/orders?limit=100&offset=100',
    );
    expect(nextPageParam({ rows: [], next: null })).toBeUndefined();
  });

  it('joins the loaded pages in order', () => {
    expect(loadedRows(undefined)).toBeUndefined();
    expect(
      loadedRows(
        pages({ rows: [row('a'), row('b')], next: '/x?offset=2' }, { rows: [row('c')], next: null }),
      ),
    ).toEqual([row('a'), row('b'), row('c')]);
  });

  it('shows a row pushed onto the next page by a new one only once', () => {
    // 'b' ended page one; a new row arrived before page two was read, so page two repeats it.
    expect(
      loadedRows(
        pages(
          { rows: [row('a'), row('b')], next: '/x?offset=2' },
          { rows: [row('b'), row('c')], next: null },
        ),
      ),
    ).toEqual([row('a'), row('b'), row('c')]);
  });

  it('drops a removed row from every page and keeps the next links', () => {
    const data = pages({ rows: [row('a'), row('b')], next: '/x?offset=2' }, { rows: [row('c')], next: null });
    expect(filterPages(data, (item) => item._id !== 'b')).toEqual(
      pages({ rows: [row('a')], next: '/x?offset=2' }, { rows: [row('c')], next: null }),
    );
  });
});
