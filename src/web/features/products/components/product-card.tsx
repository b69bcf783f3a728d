import { Link } from 'wouter';
import { descriptionPreview, previewNeedsEllipsis } from '../../../../shared/rules.ts';
import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { paths } from '../../../../shared/paths.ts';
import { t } from '../../../lib/i18n.ts';
import { ProductFigures } from './product-figures.tsx';
import { AddToCartButton } from '../../cart/add-to-cart-button.tsx';
import { CARD_PICTURE_SIZES } from '../../../../shared/media.ts';
import { ProductPicture } from '../../../components/ui/product-picture.tsx';

/**
 * One product of Our Products (spec section 2): name, price, stock, minimum order and the
 * first 100 characters of the description; 'See more' and Place Order both lead to the order page.
 */
export function ProductCard({ product }: { product: Product }) {
  const titleId = `product-${product._id}`;
  const to = paths.placeOrder(product._id);
  const preview = descriptionPreview(product.description);
  const ellipsis = previewNeedsEllipsis(product.description);
  // Off screen the card is not styled, laid out or painted until the visitor scrolls near it
  // (content-visibility: auto); until then it takes the height of a drawn card (640–680 px on a
  // phone and beside others alike), and keeps its real height once drawn.
  // The home page of a catalogue of 100 products laid them all out in one long task when they
  // arrived (docs/benchmarks.md, "Pages"). The server's drawing of /products does the same.
  return (
    <article
      aria-labelledby={titleId}
      className="card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow [contain-intrinsic-block-size:auto_41rem] [content-visibility:auto] hover:shadow-lg"
    >
      <figure className="aspect-[4/3] bg-base-200">
        <ProductPicture
          src={product.img}
          alt={product.name}
          width={400}
          height={300}
          sizes={CARD_PICTURE_SIZES}
          className="h-full w-full object-cover"
        />
      </figure>
      {/* Nothing in the body grows (daisyUI lets a card's paragraphs take the spare height), so
          the price and figures of cards side by side line up whatever their descriptions'
          lengths, and the spare height goes above the buttons (mt-auto). */}
      <div className="card-body gap-3 p-5 *:grow-0">
        <h3 id={titleId} className="card-title text-lg leading-snug">
          {/* The product's own page (its name); 'See more' and Place Order lead to ordering (spec section 2). */}
          <Link to={paths.product(product._id)} className="link-hover">
            {product.name}
          </Link>
        </h3>
        <ProductFigures product={product} on="card" />
        <p className="text-sm leading-relaxed text-base-content/80">
          {preview}
          {ellipsis && '…'}{' '}
          <Link to={to} className="link link-primary font-semibold whitespace-nowrap">
            {t.seeMore}
            <span className="sr-only">{t.aboutProduct(product.name)}</span>
          </Link>
        </p>
        <div className="card-actions mt-auto pt-1">
          <Link to={to} className="btn btn-primary btn-block">
            {t.placeOrder}
            <span className="sr-only">: {product.name}</span>
          </Link>
          <AddToCartButton product={product} />
        </div>
      </div>
    </article>
  );
}

/** Same footprint as a card, so the list filling in moves nothing below it. */
export function ProductCardPlaceholder() {
  return (
    <div aria-hidden="true" className="card h-full border border-base-300 bg-base-100">
      <div className="skeleton aspect-[4/3] rounded-b-none" />
      <div className="card-body gap-3 p-5">
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-8 w-1/3" />
        <div className="skeleton h-14 w-full" />
        <div className="skeleton h-16 w-full" />
        <div className="skeleton h-10 w-full" />
      </div>
    </div>
  );
}
