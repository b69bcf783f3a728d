import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { t } from '../../../lib/i18n.ts';
import { imageUrlSchema } from '../../../../shared/schemas/common.schema.ts';
import { productInputSchema, type ProductInput } from '../../../../shared/schemas/product.schema.ts';
import { controlProps, FormField, TextField } from '../../../components/ui/form-field.tsx';
import { categoryNameOf, useCategories } from '../api/search-products.ts';
import { productFieldLabel, productFormErrors } from './product-form-errors.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';

/** The category every product without one is in (the server's default). */
const UNCATEGORISED = 'uncategorised';

// The shared payload schema, except that an empty image URL says "required" rather than
// "not a URL" (the URL rule itself is the shared one), and the category select's "" is none.
const productFormSchema = productInputSchema.extend({
  img: z.string().trim().min(1).pipe(imageUrlSchema),
  category: z.preprocess((value) => (value === '' ? undefined : value), productInputSchema.shape.category),
});

/** The form's values before the admin types: empty for a new product, the product's own when editing. */
export type ProductFormValues = Partial<ProductInput>;

/** What the form shows before anything is typed or loaded. */
const EMPTY_FORM = {
  name: '',
  img: '',
  description: '',
  nameBn: '',
  descriptionBn: '',
  category: UNCATEGORISED,
};

/**
 * The product form of Add a Product and Edit Product: the spec's seven fields (all required,
 * section 5) and the product's category. Once saved, it shows what `onSubmit` says the product
 * is now, or empties itself for the next new product (`resetOnSave`). It remembers the values
 * it started from, so an edit can send how the stock changed rather than a stock that orders
 * may have moved since.
 */
export function ProductForm({
  defaultValues,
  submitLabel,
  pending,
  resetOnSave = false,
  onSubmit,
}: {
  defaultValues: ProductFormValues;
  submitLabel: string;
  pending: boolean;
  resetOnSave?: boolean;
  /**
   * Saves the product from the values the form started from (or last saved); resolves to what
   * the form shows next, or null when nothing was saved (what was typed stays).
   */
  onSubmit: (input: ProductInput, startedFrom: ProductFormValues) => Promise<ProductFormValues | null>;
}) {
  const id = useId();
  const categories = useCategories();
  const [startedFrom, setStartedFrom] = useState<ProductFormValues>(defaultValues);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(productFormSchema, { error: productFormErrors }),
    defaultValues: { ...EMPTY_FORM, ...defaultValues },
  });

  const save = handleSubmit(async (input) => {
    const next = await onSubmit(input, startedFrom);
    if (!next) return;
    setStartedFrom(next);
    reset(resetOnSave ? undefined : { ...EMPTY_FORM, ...next });
  });

  const img = useWatch({ control, name: 'img' });
  const preview = imageUrlSchema.safeParse(img ?? '').success ? img : null;
  /** The label, message and id of one of the form's fields. */
  const field = (name: keyof ProductInput) => ({
    id: `${id}-${name}`,
    label: productFieldLabel(name),
    error: errors[name]?.message,
  });
  const number = { type: 'number', inputMode: 'decimal' as const };
  const whole = { type: 'number', inputMode: 'numeric' as const, step: '1' };

  return (
    <form
      noValidate
      onSubmit={save}
      className="card mt-6 grid gap-5 border border-base-300 bg-base-100 p-5 shadow-sm sm:grid-cols-2 sm:p-6"
    >
      <TextField {...field('name')} className="sm:col-span-2" autoComplete="off" {...register('name')} />
      <TextField
        {...field('price')}
        hint={t.inDollars}
        {...number}
        step="0.01"
        min="0.01"
        {...register('price', { valueAsNumber: true })}
      />
      <TextField {...field('stock')} {...whole} min="0" {...register('stock', { valueAsNumber: true })} />
      <TextField
        {...field('minOrder')}
        {...whole}
        min="1"
        {...register('minOrder', { valueAsNumber: true })}
      />
      <TextField
        {...field('rating')}
        hint={t.zeroToFive}
        {...number}
        step="0.1"
        min="0"
        max="5"
        {...register('rating', { valueAsNumber: true })}
      />
      <FormField {...field('category')} className="sm:col-span-2">
        {categories.data ? (
          // Mounted once the categories are known, so it shows the product's own from the start.
          <select
            {...controlProps(`${id}-category`, errors.category)}
            {...register('category')}
            className="select w-full"
          >
            {categories.data.map((category) => (
              <option key={category.slug} value={category.slug}>
                {categoryNameOf(category)}
              </option>
            ))}
          </select>
        ) : (
          <select id={`${id}-category`} className="select w-full" disabled aria-busy={categories.isPending}>
            <option>{categories.isPending ? t.loading : t.uncategorisedName}</option>
          </select>
        )}
      </FormField>
      <TextField
        {...field('img')}
        hint={t.imageHint}
        className="sm:col-span-2"
        type="text"
        inputMode="url"
        autoComplete="off"
        {...register('img')}
        aside={
          <div className="size-16 shrink-0 overflow-hidden rounded-field border border-base-300 bg-base-200">
            {preview && (
              <img src={preview} alt={t.preview} width={64} height={64} className="size-16 object-cover" />
            )}
          </div>
        }
      />
      <TextField {...field('description')} className="sm:col-span-2" rows={5} {...register('description')} />
      <TextField
        {...field('nameBn')}
        hint={t.bengaliOptional}
        className="sm:col-span-2"
        lang="bn"
        autoComplete="off"
        {...register('nameBn')}
      />
      <TextField
        {...field('descriptionBn')}
        hint={t.bengaliOptional}
        className="sm:col-span-2"
        lang="bn"
        rows={4}
        {...register('descriptionBn')}
      />
      <div className="sm:col-span-2">
        <BusyButton className="btn-primary w-full sm:w-auto" busy={pending}>
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  );
}
