import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { quantityProblem } from '../../../../shared/rules.ts';
import { phoneSchema } from '../../../../shared/schemas/order.schema.ts';
import type { Product } from '../../../../shared/schemas/product.schema.ts';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';

// The order form of spec sections 2 and 5: read-only name and email from the signed-in
// account; phone ('Username is Required', 'Enter a valid number with +880'); address;
// quantity starting at 0 with max = stock + 1. The quantity messages show live as the
// quantity changes, and either one disables Place Order.

const formSchema = z.object({
  phone: phoneSchema,
  address: z.string().trim().min(1, { message: 'Address is Required' }).max(500),
  quantity: z.number({ message: 'Enter a whole number' }).int({ message: 'Enter a whole number' }),
});
type FormInput = z.input<typeof formSchema>;
export type PlaceOrderValues = z.output<typeof formSchema>;

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
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FormInput, unknown, PlaceOrderValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { phone: '', address: '', quantity: 0 },
  });
  const typed = useWatch({ control, name: 'quantity' });
  // An empty or half-typed number counts as 0, which is below any minimum order.
  const quantity = typeof typed === 'number' && Number.isFinite(typed) ? typed : 0;
  const problem = quantityProblem(quantity, product);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="card bg-base-100 shadow-sm"
      aria-label="Order form"
    >
      <div className="card-body gap-1">
        <h2 className="card-title text-xl">Your order</h2>

        <fieldset className="fieldset">
          <label className="fieldset-label" htmlFor="order-name">
            Name
          </label>
          <input id="order-name" className="input w-full bg-base-200" value={name} readOnly />
        </fieldset>

        <fieldset className="fieldset">
          <label className="fieldset-label" htmlFor="order-email">
            Email
          </label>
          <input id="order-email" type="email" className="input w-full bg-base-200" value={email} readOnly />
        </fieldset>

        <fieldset className="fieldset">
          <label className="fieldset-label" htmlFor="order-phone">
            Phone
          </label>
          <input
            id="order-phone"
            type="tel"
            autoComplete="tel"
            placeholder="+8801XXXXXXXXX"
            className={`input w-full ${errors.phone ? 'input-error' : ''}`}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? 'order-phone-error' : undefined}
            {...register('phone')}
          />
          {errors.phone && (
            <p id="order-phone-error" className="text-sm text-error">
              {errors.phone.message}
            </p>
          )}
        </fieldset>

        <fieldset className="fieldset">
          <label className="fieldset-label" htmlFor="order-address">
            Address
          </label>
          <textarea
            id="order-address"
            rows={2}
            autoComplete="street-address"
            className={`textarea w-full ${errors.address ? 'textarea-error' : ''}`}
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={errors.address ? 'order-address-error' : undefined}
            {...register('address')}
          />
          {errors.address && (
            <p id="order-address-error" className="text-sm text-error">
              {errors.address.message}
            </p>
          )}
        </fieldset>

        <fieldset className="fieldset">
          <label className="fieldset-label" htmlFor="order-quantity">
            Quantity
          </label>
          <input
            id="order-quantity"
            type="number"
            inputMode="numeric"
            min={0}
            max={product.stock + 1}
            step={1}
            className={`input w-full ${problem || errors.quantity ? 'input-error' : ''}`}
            aria-invalid={problem || errors.quantity ? true : undefined}
            aria-describedby="order-quantity-help"
            {...register('quantity', { valueAsNumber: true })}
          />
          <p id="order-quantity-help" className="text-sm text-error" aria-live="polite">
            {problem ?? errors.quantity?.message}
          </p>
        </fieldset>

        {serverError && (
          <div role="alert" className="alert alert-error alert-soft">
            {serverError}
          </div>
        )}

        <div className="card-actions mt-2">
          <button type="submit" className="btn btn-primary btn-block" disabled={!!problem || submitting}>
            {submitting && <InlineSpinner label="Placing your order" />}
            Place Order
          </button>
        </div>
      </div>
    </form>
  );
}
