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
