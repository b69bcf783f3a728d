import type { CSSProperties } from 'react';

// The shop's icons, inline so no icon library (and no icon font) rides in a page's JavaScript:
// each is one path drawn in the text's colour, decorative (hidden from screen readers; the
// control or text beside it carries the name). The glyphs are Font Awesome Free 6
// (https://fontawesome.com/license/free, icons under CC BY 4.0) and, for the three brands,
// simplified marks drawn for the footer.

interface IconProps {
  /** Width and height; the text's size by default. */
  size?: number | string;
  className?: string;
  style?: CSSProperties;
}

/** An icon component drawing one path of the given view box. */
export function icon(viewBox: string, d: string) {
  return function Icon({ size = '1em', className, style }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox={viewBox}
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
        className={className}
        style={style}
      >
        <path d={d} />
      </svg>
    );
  };
}

export type IconComponent = ReturnType<typeof icon>;
