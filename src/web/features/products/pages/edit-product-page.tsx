import { useId } from 'react';
import { Link, useParams } from 'wouter';
import { toast } from 'react-toastify';
import { t } from '../../../lib/i18n.ts';
import { reasonOf } from '../../../lib/error-reason.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../../shared/paths.ts';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useEditProduct } from '../api/edit-product.ts';
import { useProductToEdit } from '../api/get-product.ts';
import { ProductForm } from '../components/product-form.tsx';
import { ProductPictures } from '../components/product-pictures.tsx';

/**
 * Edit Product (admin): every field of Add a Product, prefilled, stock included for restocking.
 * Reached from Manage Products; the server checks the same rules as on add.
 */
export default function EditProductPage() {
  const id = useId();
  const { productId = '' } = useParams();
  const product = useProductToEdit(productId);
  const editProduct = useEditProduct(productId);
  const missing =
    product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);

  return (
    <section aria-labelledby={`${id}-title`} className="max-w-3xl">
      <Link to={paths.manageProducts} className="link link-hover inline-block py-1 text-sm">
        ← {t.manageProducts}
      </Link>
      <h2 id={`${id}-title`} className="mt-2 text-xl font-bold">
        {t.editProduct}
      </h2>
      {product.isPending && <FullPageSpinner label={t.loadingProduct} />}
      {product.error && (
        <div role="alert" className="alert alert-error mt-6">
          {missing ? t.productNotFound : product.error.message}
        </div>
      )}
      {product.data && (
        <>
          <p className="mt-1 text-sm text-base-content/70">{product.data.name}</p>
          <ProductForm
            // A fresh form for each product (its own defaults), not one reused across products;
            // and after a picture upload changes img, so saving never puts the old address back.
            key={`${product.data._id}:${product.data.img}`}
            defaultValues={{
              ...product.data,
              nameBn: product.data.nameBn ?? '',
              descriptionBn: product.data.descriptionBn ?? '',
            }}
            submitLabel={t.saveChanges}
            pending={editProduct.isPending}
            onSubmit={async (input, startedFrom) => {
              try {
                // The stock moves by what the admin changed, keeping what orders took meanwhile;
                // the form then shows the stock the product has now.
                const saved = await editProduct.mutateAsync({ ...input, stockWas: startedFrom.stock });
                toast.success(t.productSaved);
                return { ...input, stock: saved.stock };
              } catch (failure) {
                toast.error(failure instanceof ApiError ? reasonOf(failure) : t.addProductFailed);
                return null;
              }
            }}
          />
          <ProductPictures productId={product.data._id} currentImg={product.data.img} />
        </>
      )}
    </section>
  );
}
