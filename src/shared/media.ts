// Product pictures uploaded to the shop (docs/decisions/027-product-images.md).
//
// Each upload is stored as WebP at the widths below (never wider than the picture itself), under
// content-addressed names: `<hash>-<width>w.webp`. The product's `img` is the widest of them,
// so the name alone tells every page which smaller versions exist: `srcset` needs no other field.

/** The widths each picture is stored at; a narrower picture stops at its own width. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

/** The largest upload accepted, in bytes. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The types an upload may really be (by its bytes, not its name). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The longest alternative text of a picture. */
export const IMAGE_ALT_MAX = 200;

const STORED_NAME = /^(.*\/)([0-9a-f]{32})-(\d{1,5})w\.webp$/;

/** The stored name of one width of a picture. */
export const storedImageName = (hash: string, width: number) => `${hash}-${width}w.webp`;

/** The widths stored for a picture whose widest version is `widest` pixels wide. */
export function storedWidths(widest: number): number[] {
  return [...IMAGE_WIDTHS.filter((width) => width < widest), widest];
}

/**
 * The `srcset` of an uploaded picture's address (its widest version), or undefined for any
 * other address (a link to a picture elsewhere has one size).
 */
export function imageSrcSet(url: string): string | undefined {
  const match = STORED_NAME.exec(url);
  if (!match) return undefined;
  const [, base = '', hash = '', widest = ''] = match;
  const width = Number(widest);
  if (!Number.isInteger(width) || width < 1) return undefined;
  return storedWidths(width)
    .map((w) => `${base}${storedImageName(hash, w)} ${w}w`)
    .join(', ');
}

/**
 * How wide pictures are shown, as `sizes` attributes (the app's and the server-drawn pages').
 * Cards: one column on phones, two from 640 px, three from 1024 px in a 1280 px page.
 */
export const CARD_PICTURE_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';
/** The product page: half of a 1152 px page from 768 px, else the screen's width. */
export const PAGE_PICTURE_SIZES = '(min-width: 768px) 560px, 100vw';
/** The place-order page's product summary: at most 384 px wide (max-w-sm). */
export const SUMMARY_PICTURE_SIZES = '384px';
