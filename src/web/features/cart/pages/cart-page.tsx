import { useQueries } from '@tanstack/react-query';
import { Link } from 'wouter';
import { quantityProblem } from '../../../../shared/rules.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { count, price, priceOfCents, t } from '../../../lib/i18n.ts';
import { paths } from '../../../../shared/paths.ts';
import { quantityMessage } from '../../../lib/rule-messages.ts';
import { productQueryOptions } from '../../products/api/get-product.ts';
import { cart, useCartItems } from '../cart-store.ts';
import { ProductPicture } from '../../../components/ui/product-picture.tsx';

// The cart (/cart): each line with the product as it is now, its quantity under the same
// minimum-order and stock rules (and words) as the order form, a Remove button and the total.
export default function CartPage() {
  const items = useCartItems();
  const products = useQueries({ queries: items.map((item) => productQueryOptions(item.productId)) });
  const lines = items.map((item, index) => ({
    item,
    product: products[index]?.data,
    query: products[index],
  }));
  const totalCents = lines.reduce(
    (sum, { item, product }) => sum + (product ? Math.round(product.price * 100) * item.quantity : 0),
    0,
  );
  const problems = lines.filter(({ item, product }) => !product || quantityProblem(item.quantity, product));
  const loading = products.some((query) => query.isPending);

  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:py-12" aria-labelledby="cart-heading">
      <h1 id="cart-heading" className="mb-6 text-3xl font-bold text-primary">
        {t.yourCart}
      </h1>
      {items.length === 0 ? (
        <div className="card bg-base-100 shadow-sm">
          <div className="card-body items-start gap-4">
            <p>{t.cartEmpty}</p>
            <Link to={paths.home} className="btn btn-primary">
              {t.browseProducts}
            </Link>
          </div>
        </div>
      ) : (
        <div className="grid gap-4">
          <ul className="grid gap-3" aria-label={t.cartLines}>
            {lines.map(({ item, product, query }) => {
              const problem = product ? quantityProblem(item.quantity, product) : null;
              const inputId = `cart-quantity-${item.productId}`;
              return (
                <li
                  key={item.productId}
                  data-product-id={item.productId}
                  className="card card-side flex-col border border-base-300 bg-base-100 shadow-sm sm:flex-row"
                >
                  {product && (
                    <figure className="bg-base-200 sm:w-36">
                      <ProductPicture
                        src={product.img}
                        alt=""
                        width={144}
                        height={108}
                        sizes="(min-width: 640px) 144px, 100vw"
                        className="h-28 w-full object-cover sm:h-full"
                      />
                    </figure>
                  )}
                  <div className="card-body gap-2 p-4">
                    <h2 className="card-title text-lg">
                      {product?.name ?? (query?.isError ? t.noLongerSold : t.loadingEllipsis)}
                    </h2>
                    {product && (
                      <p className="text-sm text-base-content/80">
                        {price(product.price)} {t.perUnit} · {t.stock} {count(product.stock)} ·{' '}
                        {t.minimumOrder} {count(product.minOrder)}
                      </p>
                    )}
                    <div className="flex flex-wrap items-end gap-3">
                      <FormField id={inputId} label={t.quantity}>
                        <input
                          id={inputId}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={product ? product.stock + 1 : undefined}
                          className={`input w-28 ${problem ? 'input-error' : ''}`}
                          value={item.quantity}
                          aria-invalid={problem ? true : undefined}
                          aria-describedby={problem ? `${inputId}-problem` : undefined}
                          onChange={(event) => cart.setQuantity(item.productId, event.target.valueAsNumber)}
                        />
                      </FormField>
                      {product && (
                        <p className="pb-2 font-semibold">
                          {priceOfCents(Math.round(product.price * 100) * item.quantity)}
                        </p>
                      )}
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm ml-auto"
                        onClick={() => cart.remove(item.productId)}
                      >
                        {t.remove}
                        <span className="sr-only"> {product?.name ?? t.thisLine}</span>
                      </button>
                    </div>
                    {problem && (
                      <p id={`${inputId}-problem`} className="text-sm text-error" role="alert">
                        {quantityMessage(problem)}
                      </p>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="card bg-base-100 shadow-sm">
            <div className="card-body flex-row flex-wrap items-center justify-between gap-3 p-4">
              <p className="text-xl">
                {t.total}: <strong data-testid="cart-total">{priceOfCents(totalCents)}</strong>
              </p>
              {problems.length > 0 || loading ? (
                <button type="button" className="btn btn-primary" disabled>
                  {t.checkout}
                </button>
              ) : (
                <Link to={paths.checkout} className="btn btn-primary">
                  {t.checkout}
                </Link>
              )}
            </div>
          </div>
          {problems.length > 0 && !loading && (
            <p className="text-sm text-base-content/80">
              {t.outOfStock} / {t.belowMinimumOrder}: {t.changeQuantitiesToCheckOut}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
