import { useDeferredValue } from 'react';
import { useLoadOnce } from '../../../lib/use-load-once.ts';
import { getProducts } from '../api/product-reads.ts';
import { ProductCard, ProductCardPlaceholder } from './product-card.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { t } from '../../../lib/i18n.ts';

/** Our Products (spec section 2): filled once after load. */
export function ProductsSection() {
  // Deferred: the whole catalogue renders in an interruptible pass, not one long task that
  // would hold up taps and scrolling (total blocking time).
  const { data: products, isPending, isError } = useDeferredValue(useLoadOnce(getProducts));
  return (
    <section id="products" aria-labelledby="products-title" className="scroll-mt-20 bg-base-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-20">
        <SectionHeading id="products-title" eyebrow={t.productsEyebrow} title={t.ourProducts}>
          {t.productsIntro}
        </SectionHeading>
        <div
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          aria-busy={isPending}
          data-testid="product-list"
        >
          {isPending && Array.from({ length: 3 }, (_, i) => <ProductCardPlaceholder key={i} />)}
          {products?.map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </div>
        {products?.length === 0 && <p className="mt-6 text-center text-base-content/70">{t.noProductsYet}</p>}
        {isError && <p className="mt-6 text-center text-base-content/70">{t.productsUnavailable}</p>}
      </div>
    </section>
  );
}
