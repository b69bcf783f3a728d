import { afterEach, describe, expect, it } from 'vitest';
import { watchServerForm, takeFormDraft } from './server-form-draft.ts';

// The server's drawing of the products page's search form (product-html.ts), in short.
function drawServerForm(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<form role="search">
    <input name="q" type="search" />
    <select name="category"><option value="">All</option><option value="spraying">Spraying</option></select>
    <select name="sort"><option value="newest">Newest</option><option value="rating">Rating</option></select>
    <input name="minPrice" type="number" value="5" />
    <input name="inStock" type="checkbox" value="true" />
  </form>`;
  document.body.append(root);
  return root;
}
const field = (root: HTMLElement, name: string) =>
  root.querySelector(`[name="${name}"]`) as HTMLInputElement & HTMLSelectElement;

afterEach(() => {
  document.body.replaceChildren();
  takeFormDraft();
});

describe('a draft of the server-drawn form', () => {
  it('holds only what the visitor changed, and the field in use', () => {
    const root = drawServerForm();
    field(root, 'q').value = 'knapsak';
    field(root, 'sort').value = 'rating';
    field(root, 'inStock').checked = true;
    field(root, 'q').focus();
    watchServerForm(root);
    expect(takeFormDraft()).toEqual({
      values: { q: 'knapsak', sort: 'rating', inStock: 'true' },
      focused: 'q',
    });
  });

  it('holds what was typed after the watch began, read off the form the app removed', () => {
    const root = drawServerForm();
    watchServerForm(root);
    // The app's first render runs in slices: the visitor goes on typing between them…
    field(root, 'q').focus();
    field(root, 'q').value = 'knapsak sprayer';
    // …until the app replaces the server's HTML, which takes the focus with it.
    root.replaceChildren();
    expect(document.activeElement).toBe(document.body);
    expect(takeFormDraft()).toEqual({ values: { q: 'knapsak sprayer' }, focused: 'q' });
  });

  it('forgets the field in use once the visitor leaves the form', async () => {
    const root = drawServerForm();
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    field(root, 'q').focus();
    watchServerForm(root);
    elsewhere.focus();
    await Promise.resolve();
    expect(takeFormDraft()).toBeNull();
  });

  it('tells a cleared field apart from an untouched one', () => {
    const root = drawServerForm();
    field(root, 'minPrice').value = '';
    watchServerForm(root);
    expect(takeFormDraft()).toEqual({ values: { minPrice: '' }, focused: null });
  });

  it('is given once, and is nothing when the form was not touched', () => {
    const root = drawServerForm();
    watchServerForm(root);
    expect(takeFormDraft()).toBeNull();
    field(root, 'category').value = 'spraying';
    watchServerForm(root);
    expect(takeFormDraft()?.values).toEqual({ category: 'spraying' });
    expect(takeFormDraft()).toBeNull();
  });

  it('is nothing on a page without a server-drawn search form', () => {
    const root = document.createElement('div');
    root.innerHTML = '<form><input name="q" value="x" /></form>';
    (root.querySelector('input') as HTMLInputElement).value = 'typed';
    watchServerForm(root);
    expect(takeFormDraft()).toBeNull();
  });
});
