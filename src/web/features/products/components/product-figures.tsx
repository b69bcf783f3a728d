import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { count, price, t } from '../../../lib/i18n.ts';

/**
 * A product's price per unit, stock and minimum order, as its card and its own page show them.
 * The page is larger and says 'Out of Stock' where the card shows 0 (spec section 2).
 */
export function ProductFigures({
  product,
  on,
}: {
  product: Pick<Product, 'price' | 'stock' | 'minOrder'>;
  on: 'card' | 'page';
}) {
  const page = on === 'page';
  return (
    <>
      <p className={`${page ? 'text-3xl' : 'text-2xl'} font-bold text-primary`}>
        {price(product.price)}
        <span className={`ml-1 ${page ? 'text-base' : 'text-sm'} font-medium text-base-content/70`}>
          {t.perUnit}
        </span>
      </p>
      <dl className={`grid grid-cols-2 gap-2 text-sm ${page ? 'sm:max-w-sm' : ''}`}>
        <div className="rounded-field bg-base-200 px-3 py-2">
          <dt className="text-base-content/70">{t.stock}</dt>
          <dd className="font-semibold">
            {page && product.stock === 0 ? t.outOfStock : count(product.stock)}
          </dd>
        </div>
        <div className="rounded-field bg-base-200 px-3 py-2">
          <dt className="text-base-content/70">{t.minimumOrder}</dt>
          <dd className="font-semibold">{count(product.minOrder)}</dd>
        </div>
      </dl>
    </>
  );
}
