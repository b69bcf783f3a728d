import { zodResolver } from '@hookform/resolvers/zod';
import { PHONE_PLACEHOLDER } from '../../../../shared/constants.ts';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { toast } from 'react-toastify';
import { DISTRICTS, districtName } from '../../../../shared/districts.ts';
import type { Locale } from '../../../../shared/i18n/locale.ts';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/order-lifecycle.ts';
import {
  checkoutFormSchema,
  type CheckoutFormInput,
  type CheckoutFormValues,
} from '../../../../shared/schemas/order.schema.ts';
import { controlProps, FormField, TextField } from '../../../components/ui/form-field.tsx';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { count, getLocale, priceOfCents, t, translate } from '../../../lib/i18n.ts';
import { paths } from '../../../../shared/paths.ts';
import { useCheckout, useCheckoutOptions } from '../../orders/api/checkout.ts';
import { productKeys } from '../../products/keys.ts';
import { productQueryOptions } from '../../products/api/get-product.ts';
import { cart, useCartItems } from '../cart-store.ts';

// Checkout (/checkout, sign-in required): phone (the +880 rule), address, one of the 64
// districts and a way to pay. The form's schema is the server's (checkoutFormSchema), so both
// speak the same words.
/** The districts in the page's language, in that language's alphabetical order; each sends its English name. */
const districtsIn = (locale: Locale) =>
  DISTRICTS.map((district) => ({ district, name: districtName(district, locale) })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );

export default function CheckoutPage() {
  const { account } = useAuth();
  const items = useCartItems();
  const options = useCheckoutOptions();
  const checkout = useCheckout();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const products = useQueries({ queries: items.map((item) => productQueryOptions(item.productId)) });
  const lineCents = (index: number) => {
    const product = products[index]?.data;
    return product ? Math.round(product.price * 100) * items[index]!.quantity : 0;
  };
  const totalCents = items.reduce((sum, _item, index) => sum + lineCents(index), 0);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: { phone: '', address: '', paymentMethod: 'cod' },
  });

  const submit = (values: CheckoutFormValues) =>
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
          toast.success(t.checkoutPlaced);
          void navigate(paths.order(answer.orderIds[0]!));
        },
      },
    );

  if (items.length === 0 && !checkout.isSuccess)
    return (
      <section className="mx-auto max-w-xl px-4 py-12">
        <h1 className="mb-4 text-3xl font-bold text-primary">{t.checkout}</h1>
        <p className="mb-4">{t.cartEmpty}</p>
        <Link to={paths.home} className="btn btn-primary">
          {t.browseProducts}
        </Link>
      </section>
    );

  const methods = options.data?.paymentMethods ?? ['cod', 'bank-transfer'];
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12" aria-labelledby="checkout-heading">
      <h1 id="checkout-heading" className="mb-6 text-3xl font-bold text-primary">
        {t.checkout}
      </h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <form
          noValidate
          onSubmit={handleSubmit(submit)}
          className="card bg-base-100 shadow-sm"
          aria-label={t.checkout}
        >
          <div className="card-body gap-3">
            <TextField id="checkout-name" label={t.name} value={account?.displayName ?? ''} readOnly />
            <TextField
              id="checkout-phone"
              label={t.phone}
              error={errors.phone?.message}
              type="tel"
              autoComplete="tel"
              placeholder={PHONE_PLACEHOLDER}
              {...register('phone')}
            />
            <TextField
              id="checkout-address"
              label={t.address}
              error={errors.address?.message}
              rows={2}
              autoComplete="street-address"
              {...register('address')}
            />
            <FormField id="checkout-district" label={t.deliveryDistrict} error={errors.district?.message}>
              <select
                {...controlProps('checkout-district', errors.district)}
                className={`select w-full ${errors.district ? 'select-error' : ''}`}
                defaultValue=""
                {...register('district')}
              >
                <option value="" disabled>
                  {t.chooseDistrict}
                </option>
                {districtsIn(getLocale()).map(({ district, name }) => (
                  <option key={district} value={district}>
                    {name}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField
              id="checkout-payment-method"
              label={t.paymentMethod}
              error={errors.paymentMethod?.message}
              group
            >
              {methods.map((method) => (
                <label key={method} className="flex cursor-pointer items-center gap-3 py-1">
                  <input
                    type="radio"
                    className="radio radio-primary"
                    value={method}
                    {...register('paymentMethod')}
                  />
                  <span>{translate(PAYMENT_METHOD_LABELS[method])}</span>
                </label>
              ))}
            </FormField>
            {checkout.error && (
              <p role="alert" className="text-error">
                {translate(checkout.error.message)}
              </p>
            )}
            <div className="card-actions mt-3">
              <button type="submit" className="btn btn-primary btn-block" disabled={checkout.isPending}>
                {checkout.isPending && <InlineSpinner />}
                {t.placeCheckout}
              </button>
            </div>
          </div>
        </form>
        <aside className="card h-fit bg-base-100 shadow-sm" aria-label={t.orderSummary}>
          <div className="card-body gap-2 p-5">
            <h2 className="card-title text-lg">{t.yourCart}</h2>
            <ul className="grid gap-1 text-sm">
              {items.map((item, index) => (
                <li key={item.productId} className="flex justify-between gap-2">
                  <span>
                    {products[index]?.data?.name ?? '…'} × {count(item.quantity)}
                  </span>
                  <span>{products[index]?.data ? priceOfCents(lineCents(index)) : ''}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 border-t border-base-300 pt-2 text-lg">
              {t.total}: <strong>{priceOfCents(totalCents)}</strong>
            </p>
            <Link to={paths.cart} className="link link-primary inline-block py-1 text-sm">
              {t.changeCart}
            </Link>
          </div>
        </aside>
      </div>
    </section>
  );
}
