import { describe, expect, it } from 'vitest';
import { imageSrcSet, storedWidths } from './media.ts';

const hash = '0123456789abcdef0123456789abcdef';

describe('imageSrcSet', () => {
  it("lists every stored width of an uploaded picture, from its widest version's address", () => {
    expect(imageSrcSet(`/media/products/${hash}-1280w.webp`)).toBe(
      `/media/products/${hash}-320w.webp 320w, /media/products/${hash}-640w.webp 640w, /media/products/${hash}-1280w.webp 1280w`,
    );
    expect(imageSrcSet(`https://cdn.example.test/products/${hash}-500w.webp`)).toBe(
      `https://cdn.example.test/products/${hash}-320w.webp 320w, https://cdn.example.test/products/${hash}-500w.webp 500w`,
    );
    expect(imageSrcSet(`/media/products/${hash}-200w.webp`)).toBe(`/media/products/${hash}-200w.webp 200w`);
  });
  it('gives nothing for a link to a picture elsewhere', () => {
    for (const url of [
      'https://example.test/sprayer.jpg',
      '/images/products/hoe.svg',
      `/media/x/${hash}-0w.webp`,
      '',
    ])
      expect(imageSrcSet(url), url).toBeUndefined();
  });
  it('never stores a width above the picture', () => {
    expect(storedWidths(1280)).toEqual([320, 640, 1280]);
    expect(storedWidths(700)).toEqual([320, 640, 700]);
    expect(storedWidths(100)).toEqual([100]);
  });
});
