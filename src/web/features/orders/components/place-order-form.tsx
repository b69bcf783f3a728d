import { ADDRESS_MAX_LENGTH, PHONE_PLACEHOLDER } from '../../../../shared/constants.ts';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { quantityProblem } from '../../../../shared/rules.ts';
import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../lib/i18n.ts';
import { quantityMessage } from '../../../lib/rule-messages.ts';
import { orderFormRules, trimmedOrder, type OrderFormValues } from './order-form-rules.ts';

// The order form of spec sections 2 and 5: read-only name and email from the signed-in
// account; phone ('Username is Required', 'Enter a valid number with +880'); address;
// quantity starting at 0 with max = stock + 1. The quantity messages show live as the
// quantity changes, and either one disables Place Order. The fields' rules are
// order-form-rules.ts, without the schema library (docs/decisions/034).

export type PlaceOrderValues = OrderFormValues;

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
  } = useForm<OrderFormValues>({ defaultValues: { phone: '', address: '', quantity: 0 } });
  const typed = useWatch({ control, name: 'quantity' });
  // An empty or half-typed number counts as 0, which is below any minimum order.
  const quantity = typeof typed === 'number' && Number.isFinite(typed) ? typed : 0;
  const problem = quantityProblem(quantity, product);
  const quantityError = problem ? quantityMessage(problem) : errors.quantity?.message;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(trimmedOrder(values)))}
      className="card bg-base-100 shadow-sm"
      aria-label={t.orderForm}
    >
      <div className="card-body gap-3">
        <h2 className="card-title text-xl">{t.yourOrder}</h2>

        <TextField id={`${id}-name`} label={t.name} value={name} readOnly />
        <TextField id={`${id}-email`} label={t.email} type="email" value={email} readOnly />
        <TextField
          id={`${id}-phone`}
          label={t.phone}
          error={errors.phone?.message}
          type="tel"
          autoComplete="tel"
          placeholder={PHONE_PLACEHOLDER}
          {...register('phone', { validate: orderFormRules.phone })}
        />
        <TextField
          id={`${id}-address`}
          label={t.address}
          error={errors.address?.message}
          rows={2}
          autoComplete="street-address"
          maxLength={ADDRESS_MAX_LENGTH}
          {...register('address', { validate: orderFormRules.address })}
        />
        <TextField
          id={`${id}-quantity`}
          label={t.quantity}
          error={quantityError}
          live
          type="number"
          inputMode="numeric"
          min={0}
          max={product.stock + 1}
          step={1}
          {...register('quantity', { valueAsNumber: true, validate: orderFormRules.quantity })}
        />

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
