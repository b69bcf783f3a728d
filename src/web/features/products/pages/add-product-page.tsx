import { useId } from 'react';
import { toast } from 'react-toastify';
import { t } from '../../../lib/i18n.ts';
import { useAddProduct } from '../api/add-product.ts';
import { ProductForm } from '../components/product-form.tsx';

/** Add a Product (spec section 2, admin only): all seven fields required (section 5). */
export default function AddProductPage() {
  const id = useId();
  const addProduct = useAddProduct();

  return (
    <section aria-labelledby={`${id}-title`} className="max-w-3xl">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t.addAProduct}
      </h2>
      <p className="mt-1 text-sm text-base-content/70">{t.newProductsAppear}</p>
      <ProductForm
        defaultValues={{}}
        submitLabel={t.submit}
        pending={addProduct.isPending}
        resetOnSave
        onSubmit={async (input) => {
          try {
            await addProduct.mutateAsync(input);
            toast.success(t.productAdded);
            return input;
          } catch {
            toast.error(t.addProductFailed);
            return null;
          }
        }}
      />
    </section>
  );
}
