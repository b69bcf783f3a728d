import { zodResolver } from '@hookform/resolvers/zod';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { DISTRICTS } from '../../../../shared/districts.ts';
import { formatCents } from '../../../../shared/money.ts';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../../shared/order-lifecycle.ts';
import { orderMessages } from '../../../../shared/order-messages.ts';
import { checkoutInputSchema } from '../../../../shared/schemas/order.schema.ts';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { paths } from '../../../lib/paths.ts';
import { useCheckout, useCheckoutOptions } from '../../orders/api/checkout.ts';
import { productKeys } from '../../products/keys.ts';
import { productQueryOptions } from '../../products/api/get-product.ts';
import { cart, useCartItems } from '../cart-store.ts';

// Checkout (/checkout, sign-in required): phone (the +880 rule), address, one of the 64
// districts and a way to pay. The form's schema is the server's, so both speak the same words.
const formSchema = checkoutInputSchema.pick({ phone: true, address: true }).extend({
  district: z.enum(DISTRICTS, { message: orderMessages.districtRequired }),
  paymentMethod: z.enum(PAYMENT_METHODS),
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

export default function CheckoutPage() {
  const { account } = useAuth();
  const items = useCartItems();
  const options = useCheckoutOptions();
  const checkout = useCheckout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const products = useQueries({ queries: items.map((item) => productQueryOptions(item.productId)) });
  const totalCents = items.reduce((sum, item, i) => {
    const product = products[i]?.data;
    return sum + (product ? Math.round(product.price * 100) * item.quantity : 0);
  }, 0);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { phone: '', address: '', paymentMethod: 'cod' },
  });

  const submit = (values: FormValues) =>
    checkout.mutate(
      { ...values, items: items.map(({ productId, quantity }) => ({ productId, quantity })) },
      {
        onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
        onSuccess: (answer) => {
          cart.clearBought(items.map((item) => item.productId));
          if (answer.redirectUrl) {
            window.location.assign(answer.redirectUrl);
            return;
          }
          toast.success(orderMessages.checkoutPlaced);
          void navigate(paths.order(answer.orderIds[0]!));
        },
      },
    );

  if (items.length === 0 && !checkout.isSuccess)
    return (
      <section className="mx-auto max-w-xl px-4 py-12">
        <h1 className="mb-4 text-3xl font-bold text-primary">{orderMessages.checkout}</h1>
        <p className="mb-4">{orderMessages.cartEmpty}</p>
        <Link to={paths.home} className="btn btn-primary">
          Browse products
        </Link>
      </section>
    );

  const methods = options.data?.paymentMethods ?? ['cod', 'bank-transfer'];
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12" aria-labelledby="checkout-heading">
      <h1 id="checkout-heading" className="mb-6 text-3xl font-bold text-primary">
        {orderMessages.checkout}
      </h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <form
          noValidate
          onSubmit={handleSubmit(submit)}
          className="card bg-base-100 shadow-sm"
          aria-label="Checkout"
        >
          <div className="card-body gap-1">
            <fieldset className="fieldset">
              <label className="fieldset-label" htmlFor="checkout-name">
                Name
              </label>
              <input
                id="checkout-name"
                className="input w-full bg-base-200"
                value={account?.displayName ?? ''}
                readOnly
              />
            </fieldset>
            <fieldset className="fieldset">
              <label className="fieldset-label" htmlFor="checkout-phone">
                Phone
              </label>
              <input
                id="checkout-phone"
                type="tel"
                autoComplete="tel"
                className={`input w-full ${errors.phone ? 'input-error' : ''}`}
                aria-invalid={errors.phone ? true : undefined}
                aria-describedby={errors.phone ? 'checkout-phone-error' : undefined}
                {...register('phone')}
              />
              {errors.phone && (
                <p id="checkout-phone-error" className="text-sm text-error">
                  {errors.phone.message}
                </p>
              )}
            </fieldset>
            <fieldset className="fieldset">
              <label className="fieldset-label" htmlFor="checkout-address">
                Address
              </label>
              <textarea
                id="checkout-address"
                autoComplete="street-address"
                className={`textarea w-full ${errors.address ? 'textarea-error' : ''}`}
                aria-invalid={errors.address ? true : undefined}
                {...register('address')}
              />
              {errors.address && <p className="text-sm text-error">Address is Required</p>}
            </fieldset>
            <fieldset className="fieldset">
              <label className="fieldset-label" htmlFor="checkout-district">
                {orderMessages.district}
              </label>
              <select
                id="checkout-district"
                className={`select w-full ${errors.district ? 'select-error' : ''}`}
                defaultValue=""
                aria-invalid={errors.district ? true : undefined}
                {...register('district')}
              >
                <option value="" disabled>
                  {orderMessages.chooseDistrict}
                </option>
                {[...DISTRICTS].sort().map((district) => (
                  <option key={district} value={district}>
                    {district}
                  </option>
                ))}
              </select>
              {errors.district && <p className="text-sm text-error">{orderMessages.districtRequired}</p>}
            </fieldset>
            <fieldset className="fieldset">
              <legend className="fieldset-legend">{orderMessages.paymentMethod}</legend>
              {methods.map((method) => (
                <label key={method} className="flex cursor-pointer items-center gap-3 py-1">
                  <input
                    type="radio"
                    className="radio radio-primary"
                    value={method}
                    {...register('paymentMethod')}
                  />
                  <span>{PAYMENT_METHOD_LABELS[method]}</span>
                </label>
              ))}
            </fieldset>
            {checkout.error && (
              <p role="alert" className="text-error">
                {checkout.error.message}
              </p>
            )}
            <div className="card-actions mt-3">
              <button type="submit" className="btn btn-primary btn-block" disabled={checkout.isPending}>
                {checkout.isPending && <InlineSpinner />}
                {orderMessages.placeCheckout}
              </button>
            </div>
          </div>
        </form>
        <aside className="card h-fit bg-base-100 shadow-sm" aria-label="Order summary">
          <div className="card-body gap-2 p-5">
            <h2 className="card-title text-lg">{orderMessages.yourCart}</h2>
            <ul className="grid gap-1 text-sm">
              {items.map((item, i) => (
                <li key={item.productId} className="flex justify-between gap-2">
                  <span>
                    {products[i]?.data?.name ?? '…'} × {item.quantity}
                  </span>
                  <span>
                    {products[i]?.data
                      ? formatCents(Math.round(products[i].data.price * 100) * item.quantity)
                      : ''}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-2 border-t border-base-300 pt-2 text-lg">
              {orderMessages.total}: <strong>{formatCents(totalCents)}</strong>
            </p>
            <Link to={paths.cart} className="link link-primary text-sm">
              Change the cart
            </Link>
          </div>
        </aside>
      </div>
    </section>
  );
}
