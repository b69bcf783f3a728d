import { imageSrcSet } from '../../../shared/media.ts';

/**
 * A product's picture. An uploaded picture's address names its stored widths, so the browser
 * gets a `srcset` and picks the smallest that fills `sizes` (docs/decisions/027); a link to a
 * picture elsewhere is shown as it is. width/height give the box its shape before it loads.
 */
export function ProductPicture({
  src,
  alt,
  width,
  height,
  sizes,
  className,
  eager = false,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** How wide the picture is shown, as the `sizes` attribute. */
  sizes: string;
  className?: string;
  /** Above the fold (the product page): fetched at once and first. */
  eager?: boolean;
}) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={src}
      {...(srcSet ? { srcSet, sizes } : {})}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      decoding="async"
      className={className}
    />
  );
}

/** Cards: one column on phones, two from 640 px, three from 1024 px in a 1280 px page. */
export const CARD_PICTURE_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';
/** The product page: half of a 1152 px page from 768 px, else the screen's width. */
export const PAGE_PICTURE_SIZES = '(min-width: 768px) 560px, 100vw';
