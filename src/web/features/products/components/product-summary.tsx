import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { count, price, t } from '../../../lib/i18n.ts';
import { ProductPicture } from '../../../components/ui/product-picture.tsx';
import { SUMMARY_PICTURE_SIZES } from '../../../../shared/media.ts';

/** Place-order page, left side: image, name, price per unit, stock, minimum order, description. */
export function ProductSummary({ product }: { product: Product }) {
  return (
    <article className="card bg-base-100 shadow-sm" aria-labelledby="order-product-name">
      <figure className="bg-base-200 p-4">
        <ProductPicture
          src={product.img}
          alt={product.name}
          width={320}
          height={240}
          sizes={SUMMARY_PICTURE_SIZES}
          eager
          className="h-56 w-full max-w-sm object-contain"
        />
      </figure>
      <div className="card-body gap-3">
        <h2 id="order-product-name" className="card-title text-2xl">
          {product.name}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">{t.pricePerUnit}</dt>
          <dd>{price(product.price)}</dd>
          <dt className="font-semibold">{t.stock}</dt>
          <dd>{count(product.stock)}</dd>
          <dt className="font-semibold">{t.minimumOrder}</dt>
          <dd>{count(product.minOrder)}</dd>
        </dl>
        <p className="leading-relaxed text-base-content/80">{product.description}</p>
      </div>
    </article>
  );
}
