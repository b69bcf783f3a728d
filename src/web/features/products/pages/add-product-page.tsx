import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { t } from '../../../lib/i18n.ts';
import { imageUrlSchema } from '../../../../shared/schemas/common.schema.ts';
import { productInputSchema } from '../../../../shared/schemas/product.schema.ts';
import { useAddProduct } from '../api/add-product.ts';
import { describedBy, FormField } from '../../../components/ui/form-field.tsx';
import { productFieldLabels as labels, productFormErrors } from '../components/product-form-errors.ts';

const withHint = new Set(['price', 'rating', 'img']);

// The shared payload schema, except that an empty image URL says "required" rather than
// "not a URL" (the URL rule itself is the shared one).
const productFormSchema = productInputSchema.extend({
  img: z.string().trim().min(1).pipe(imageUrlSchema),
});

/** Add a Product (spec section 2, admin only): all seven fields required (section 5). */
export default function AddProductPage() {
  const id = useId();
  const addProduct = useAddProduct();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(productFormSchema, { error: productFormErrors }),
    defaultValues: { name: '', img: '', description: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await addProduct.mutateAsync(input);
      toast.success(t.productAdded);
      reset();
    } catch {
      toast.error(t.addProductFailed);
    }
  });

  const img = useWatch({ control, name: 'img' });
  const preview = imageUrlSchema.safeParse(img ?? '').success ? img : null;
  const controlProps = (name: keyof typeof labels) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(`${id}-${name}`, errors[name] || withHint.has(name)),
  });
  const number = { type: 'number', inputMode: 'decimal' as const, className: 'input w-full' };

  return (
    <section aria-labelledby={`${id}-title`} className="max-w-3xl">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Add a Product
      </h2>
      <p className="mt-1 text-sm text-base-content/70">{t.newProductsAppear}</p>
      <form
        noValidate
        onSubmit={onSubmit}
        className="card mt-6 grid gap-5 border border-base-300 bg-base-100 p-5 shadow-sm sm:grid-cols-2 sm:p-6"
      >
        <FormField
          id={`${id}-name`}
          label={labels.name}
          error={errors.name?.message}
          className="sm:col-span-2"
        >
          <input
            {...controlProps('name')}
            {...register('name')}
            className="input w-full"
            autoComplete="off"
          />
        </FormField>
        <FormField id={`${id}-price`} label={labels.price} error={errors.price?.message} hint={t.inDollars}>
          <input
            {...controlProps('price')}
            {...register('price', { valueAsNumber: true })}
            {...number}
            step="0.01"
            min="0.01"
          />
        </FormField>
        <FormField id={`${id}-stock`} label={labels.stock} error={errors.stock?.message}>
          <input
            {...controlProps('stock')}
            {...register('stock', { valueAsNumber: true })}
            {...number}
            inputMode="numeric"
            step="1"
            min="0"
          />
        </FormField>
        <FormField id={`${id}-minOrder`} label={labels.minOrder} error={errors.minOrder?.message}>
          <input
            {...controlProps('minOrder')}
            {...register('minOrder', { valueAsNumber: true })}
            {...number}
            inputMode="numeric"
            step="1"
            min="1"
          />
        </FormField>
        <FormField
          id={`${id}-rating`}
          label={labels.rating}
          error={errors.rating?.message}
          hint={t.zeroToFive}
        >
          <input
            {...controlProps('rating')}
            {...register('rating', { valueAsNumber: true })}
            {...number}
            step="0.1"
            min="0"
            max="5"
          />
        </FormField>
        <FormField
          id={`${id}-img`}
          label={labels.img}
          error={errors.img?.message}
          hint={t.imageHint}
          className="sm:col-span-2"
        >
          <div className="flex items-start gap-3">
            <input
              {...controlProps('img')}
              {...register('img')}
              type="text"
              inputMode="url"
              autoComplete="off"
              className="input w-full"
            />
            <div className="size-16 shrink-0 overflow-hidden rounded-field border border-base-300 bg-base-200">
              {preview && (
                <img src={preview} alt={t.preview} width={64} height={64} className="size-16 object-cover" />
              )}
            </div>
          </div>
        </FormField>
        <FormField
          id={`${id}-description`}
          label={labels.description}
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <textarea
            {...controlProps('description')}
            {...register('description')}
            rows={5}
            className="textarea w-full"
          />
        </FormField>
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={addProduct.isPending}>
            {addProduct.isPending && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            {t.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
