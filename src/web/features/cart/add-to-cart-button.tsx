import { useState } from 'react';
import { Link } from 'wouter';
import { t } from '../../lib/i18n.ts';
import { paths } from '../../../shared/paths.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { cart } from './cart-store.ts';

/**
 * Puts `quantity` units (by default the product's minimum order) into the cart and says so,
 * with a link to the cart. Disabled when the stock cannot meet the minimum order.
 */
export function AddToCartButton({
  product,
  quantity,
  className = 'btn btn-outline btn-primary btn-block',
}: {
  product: { _id: string; name: string; minOrder: number; stock: number };
  quantity?: number;
  className?: string;
}) {
  const [added, setAdded] = useState(false);
  // A button drawn by the build does nothing until React runs the page.
  const hydrated = useHydrated();
  const units = quantity ?? product.minOrder;
  const possible = product.stock >= product.minOrder && units >= product.minOrder && units <= product.stock;
  return (
    <div className="grid w-full gap-1">
      <button
        type="button"
        className={className}
        disabled={!possible || !hydrated}
        aria-label={`${t.addToCart}: ${product.name}`}
        onClick={() => {
          cart.add(product._id, units);
          setAdded(true);
        }}
      >
        {t.addToCart}
      </button>
      <p aria-live="polite" className="min-h-5 text-center text-sm">
        {added && (
          <Link to={paths.cart} className="link link-primary">
            {t.addedToCart}
          </Link>
        )}
      </p>
    </div>
  );
}
