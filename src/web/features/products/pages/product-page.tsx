import { Link, useParams } from 'wouter';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../lib/i18n.ts';
import { paths } from '../../../../shared/paths.ts';
import { useProduct } from '../api/get-product.ts';
import { categoryNameOf, useCategories } from '../api/search-products.ts';
import { PAGE_PICTURE_SIZES } from '../../../../shared/media.ts';
import { ProductPicture } from '../../../components/ui/product-picture.tsx';
import { ProductFigures } from '../components/product-figures.tsx';
import { ProductLoadError } from '../components/product-load-error.tsx';
import { AddToCartButton } from '../../cart/add-to-cart-button.tsx';

/**
 * /product/{id}: one product with its picture, description, price, stock and minimum order,
 * Place Order and Add to cart.
 * The server sends this address as HTML with the product already in it, its title, description,
 * Open Graph tags and JSON-LD (src/server/modules/pages); this page takes over once loaded.
 */
export default function ProductPage() {
  const { productId = '' } = useParams();
  const product = useProduct(productId);
  const categories = useCategories();
  if (product.isPending) return <FullPageSpinner label={t.loading} />;
  if (product.isError)
    return (
      <ProductLoadError
        error={product.error}
        onRetry={() => void product.refetch()}
        back={{ to: paths.products, label: t.allProducts }}
      />
    );
  const item = product.data as typeof product.data & { category?: string };
  const category = categories.data?.find((c) => c.slug === item.category);
  return (
    <article
      className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-2 lg:py-12"
      aria-labelledby="product-name"
    >
      <figure className="self-start overflow-hidden rounded-box bg-base-200">
        <ProductPicture
          src={item.img}
          alt={item.name}
          width={800}
          height={600}
          sizes={PAGE_PICTURE_SIZES}
          eager
          className="aspect-[4/3] h-auto w-full object-contain"
        />
      </figure>
      <div className="flex flex-col gap-4">
        <nav aria-label={t.breadcrumb} className="text-sm text-base-content/70">
          <Link to={paths.products} className="link-hover inline-block py-1">
            {t.allProducts}
          </Link>
          {category && (
            <>
              {' / '}
              <Link
                to={`${paths.products}?category=${category.slug}`}
                className="link-hover inline-block py-1"
              >
                {categoryNameOf(category)}
              </Link>
            </>
          )}
        </nav>
        <h1 id="product-name" className="text-3xl font-bold">
          {item.name}
        </h1>
        <ProductFigures product={item} on="page" />
        <p className="leading-relaxed whitespace-pre-line text-base-content/80">{item.description}</p>
        <div className="grid gap-3 sm:max-w-sm">
          <Link to={paths.placeOrder(item._id)} className="btn btn-primary btn-block">
            {t.placeOrder}
          </Link>
          <AddToCartButton product={item} />
        </div>
      </div>
    </article>
  );
}
