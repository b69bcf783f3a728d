import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { toast } from 'react-toastify';
import { count, t } from '../../../lib/i18n.ts';
import {
  categoryInputSchema,
  type Category,
  type CategoryInput,
} from '../../../../shared/schemas/category.schema.ts';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-modal.tsx';
import { describedBy, FormField, TextField } from '../../../components/ui/form-field.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useCategories } from '../api/search-products.ts';
import { useAddCategory, useRemoveCategory, useRenameCategory } from '../api/manage-categories.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';

/** The category every product without one is in: it can be renamed, never removed. */
const UNCATEGORISED = 'uncategorised';

/** The words for the names' issues (the shared schema sets only the bounds). */
const nameErrors = (issue: { code: string; path?: PropertyKey[] }) => {
  const label = issue.path?.[0] === 'nameBn' ? t.categoryNameBn : t.categoryName;
  return issue.code === 'too_big' ? t.fieldAtMostChars(label, count(60)) : t.fieldRequired(label);
};

/**
 * The optional Bengali name (docs/decisions/028), which Bengali pages show instead of the
 * English one where it is given.
 */
function BengaliNameField({
  id,
  error,
  registration,
}: {
  id: string;
  error: string | undefined;
  registration: ReturnType<UseFormRegister<CategoryInput>>;
}) {
  return (
    <TextField
      id={id}
      label={t.categoryNameBn}
      hint={t.bengaliOptional}
      error={error}
      className="grow"
      lang="bn"
      autoComplete="off"
      {...registration}
    />
  );
}

/**
 * Manage Categories (admin): add, rename and remove the catalogue's categories. A category that
 * holds products cannot be removed (the server refuses too); Uncategorised stays.
 */
export default function ManageCategoriesPage() {
  const id = useId();
  const categories = useCategories();
  const removeCategory = useRemoveCategory();
  const [target, setTarget] = useState<Category | null>(null);

  const confirmRemove = () => {
    if (!target) return;
    removeCategory.mutate(target._id, {
      onSuccess: () => toast.success(t.categoryRemoved),
      onError: (failure) => toast.error(failure.message),
      onSettled: () => setTarget(null),
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="max-w-3xl">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t.manageCategories}
      </h2>
      <AddCategoryForm />
      {categories.isPending && <FullPageSpinner label={t.loadingCategories} />}
      {categories.error && (
        <div role="alert" className="alert alert-error mt-6">
          {categories.error.message}
        </div>
      )}
      {categories.data && (
        <ul className="mt-6 divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {categories.data.map((category) => (
            <CategoryRow key={category._id} category={category} onRemove={() => setTarget(category)} />
          ))}
        </ul>
      )}
      <ConfirmDeleteModal
        open={target !== null}
        busy={removeCategory.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setTarget(null)}
      />
    </section>
  );
}

function AddCategoryForm() {
  const id = useId();
  const addCategory = useAddCategory();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CategoryInput>({
    resolver: zodResolver(categoryInputSchema, { error: nameErrors }),
    defaultValues: { name: '', nameBn: '' },
  });
  const onSubmit = handleSubmit(async ({ name, nameBn }) => {
    try {
      await addCategory.mutateAsync({ name, ...(nameBn ? { nameBn } : {}) });
      toast.success(t.categoryAdded);
      reset();
    } catch (failure) {
      toast.error((failure as Error).message);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-wrap items-start gap-3">
      <FormField id={`${id}-name`} label={t.categoryName} error={errors.name?.message} className="grow">
        <input
          id={`${id}-name`}
          {...register('name')}
          className="input w-full"
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy(`${id}-name`, errors.name)}
        />
      </FormField>
      <BengaliNameField
        id={`${id}-name-bn`}
        error={errors.nameBn?.message}
        registration={register('nameBn')}
      />
      <BusyButton className="btn-primary mt-6 w-full sm:w-auto" busy={addCategory.isPending}>
        {t.addCategory}
      </BusyButton>
    </form>
  );
}

function CategoryRow({ category, onRemove }: { category: Category; onRemove: () => void }) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const renameCategory = useRenameCategory();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CategoryInput>({
    resolver: zodResolver(categoryInputSchema, { error: nameErrors }),
    values: { name: category.name, nameBn: category.nameBn ?? '' },
  });
  const onSubmit = handleSubmit(async ({ name, nameBn }) => {
    try {
      // The Bengali name is sent when changed; empty clears it.
      const bengali = nameBn !== (category.nameBn ?? '') ? { nameBn } : {};
      await renameCategory.mutateAsync({ id: category._id, name, ...bengali });
      toast.success(t.categoryRenamed);
      setRenaming(false);
    } catch (failure) {
      toast.error((failure as Error).message);
    }
  });
  const removable = category.slug !== UNCATEGORISED && category.productCount === 0;

  if (renaming)
    return (
      <li className="p-4">
        <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-start gap-3">
          <FormField
            id={`${id}-name`}
            label={t.renameCategory(category.name)}
            error={errors.name?.message}
            className="grow"
          >
            <input
              id={`${id}-name`}
              {...register('name')}
              className="input w-full"
              autoComplete="off"
              // The admin asked to rename: the field is where they type next.
              autoFocus
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy(`${id}-name`, errors.name)}
            />
          </FormField>
          <BengaliNameField
            id={`${id}-name-bn`}
            error={errors.nameBn?.message}
            registration={register('nameBn')}
          />
          <div className="mt-6 flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={renameCategory.isPending}>
              {t.saveChanges}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setRenaming(false)}>
              {t.cancel}
            </button>
          </div>
        </form>
      </li>
    );

  return (
    <li className="flex flex-wrap items-center gap-3 p-4">
      <div className="grow">
        <p className="font-medium">{category.name}</p>
        {category.nameBn && (
          <p lang="bn" className="text-sm">
            {category.nameBn}
          </p>
        )}
        <p className="text-sm text-base-content/70">
          {t.productsInCategory(count(category.productCount), category.productCount === 1)} ·
          /products?category={category.slug}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-outline btn-sm min-h-10"
        onClick={() => setRenaming(true)}
        aria-label={t.renameCategory(category.name)}
      >
        {t.rename}
      </button>
      <button
        type="button"
        className="btn btn-error btn-outline btn-sm min-h-10"
        onClick={onRemove}
        disabled={!removable}
        aria-label={t.removeCategory(category.name)}
        title={removable ? undefined : t.categoryNotEmpty}
      >
        {t.remove}
      </button>
    </li>
  );
}
