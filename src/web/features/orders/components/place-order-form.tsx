import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { quantityProblem, type QuantityProblem } from '../../../../shared/rules.ts';
import {
  orderFormSchema,
  type OrderFormInput,
  type OrderFormValues,
} from '../../../../shared/schemas/order.schema.ts';
import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { describedBy, FormField } from '../../../components/ui/form-field.tsx';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../lib/i18n.ts';

// The order form of spec sections 2 and 5: read-only name and email from the signed-in
// account; phone ('Username is Required', 'Enter a valid number with +880'); address;
// quantity starting at 0 with max = stock + 1. The quantity messages show live as the
// quantity changes, and either one disables Place Order.

export type PlaceOrderValues = OrderFormValues;

/** The words section 5 shows for each quantity problem. */
const quantityMessage: Record<QuantityProblem, string> = {
  'out-of-stock': t.outOfStock,
  'below-minimum': t.belowMinimumOrder,
};

interface PlaceOrderFormProps {
  product: Pick<Product, 'stock' | 'minOrder'>;
  name: string;
  email: string;
  onSubmit: (values: PlaceOrderValues) => void;
  submitting?: boolean;
  /** A message from the server (for example 'Out of Stock' when someone bought the last units). */
  serverError?: string | null;
}

export function PlaceOrderForm({
  product,
  name,
  email,
  onSubmit,
  submitting = false,
  serverError,
}: PlaceOrderFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<OrderFormInput, unknown, OrderFormValues>({
    resolver: zodResolver(orderFormSchema),
    defaultValues: { phone: '', address: '', quantity: 0 },
  });
  const typed = useWatch({ control, name: 'quantity' });
  // An empty or half-typed number counts as 0, which is below any minimum order.
  const quantity = typeof typed === 'number' && Number.isFinite(typed) ? typed : 0;
  const problem = quantityProblem(quantity, product);
  const quantityError = problem ? quantityMessage[problem] : errors.quantity?.message;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="card bg-base-100 shadow-sm"
      aria-label={t.orderForm}
    >
      <div className="card-body gap-3">
        <h2 className="card-title text-xl">{t.yourOrder}</h2>

        <FormField id={`${id}-name`} label={t.name}>
          <input id={`${id}-name`} className="input w-full bg-base-200" value={name} readOnly />
        </FormField>

        <FormField id={`${id}-email`} label={t.email}>
          <input
            id={`${id}-email`}
            type="email"
            className="input w-full bg-base-200"
            value={email}
            readOnly
          />
        </FormField>

        <FormField id={`${id}-phone`} label={t.phone} error={errors.phone?.message}>
          <input
            id={`${id}-phone`}
            type="tel"
            autoComplete="tel"
            placeholder="+8801XXXXXXXXX"
            className={`input w-full ${errors.phone ? 'input-error' : ''}`}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy(`${id}-phone`, errors.phone)}
            {...register('phone')}
          />
        </FormField>

        <FormField id={`${id}-address`} label={t.address} error={errors.address?.message}>
          <textarea
            id={`${id}-address`}
            rows={2}
            autoComplete="street-address"
            className={`textarea w-full ${errors.address ? 'textarea-error' : ''}`}
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={describedBy(`${id}-address`, errors.address)}
            {...register('address')}
          />
        </FormField>

        <FormField id={`${id}-quantity`} label={t.quantity} error={quantityError} live>
          <input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={0}
            max={product.stock + 1}
            step={1}
            className={`input w-full ${quantityError ? 'input-error' : ''}`}
            aria-invalid={quantityError ? true : undefined}
            aria-describedby={describedBy(`${id}-quantity`, true)}
            {...register('quantity', { valueAsNumber: true })}
          />
        </FormField>

        {serverError && (
          <div role="alert" className="alert alert-error alert-soft">
            {serverError}
          </div>
        )}

        <div className="card-actions mt-2">
          <button type="submit" className="btn btn-primary btn-block" disabled={!!problem || submitting}>
            {submitting && <InlineSpinner label={t.placingOrder} />}
            {t.placeOrder}
          </button>
        </div>
      </div>
    </form>
  );
}
