import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useLocation, useParams } from 'wouter';
import { toast } from 'react-toastify';
import { t, translate } from '../../lib/i18n.ts';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/auth-provider.tsx';
import { paths } from '../../../shared/paths.ts';
import { usePlaceOrder } from '../../features/orders/api/place-order.ts';
import { PlaceOrderForm, type PlaceOrderValues } from '../../features/orders/components/place-order-form.tsx';
import { useProduct } from '../../features/products/api/get-product.ts';
import { ProductSummary } from '../../features/products/components/product-summary.tsx';
import { ProductLoadError } from '../../features/products/components/product-load-error.tsx';
import { productKeys } from '../../features/products/keys.ts';
import { AddToCartButton } from '../../features/cart/add-to-cart-button.tsx';

// Place order page (spec section 2), login required (the router wraps it in RequireAuth): the
// product from the products feature, the form from orders. After placement: the toast of
// section 8 and /dashboard/myorders (section 4).
export default function PlaceOrderPage() {
  const { productId = '' } = useParams();
  const { account } = useAuth();
  const [, navigate] = useLocation();
  const product = useProduct(productId);
  const placeOrder = usePlaceOrder();
  const queryClient = useQueryClient();
  // The query's answer arrives as an urgent update, which React renders in one go; the page
  // with its form is drawn from this deferred copy instead, in slices the browser can
  // interrupt (a phone's blocking time).
  const shown = useDeferredValue(product.data);

  if (product.isError)
    return (
      <ProductLoadError
        error={product.error}
        onRetry={() => void product.refetch()}
        back={{ to: paths.home, label: t.backToProducts }}
      />
    );

  if (!shown) return <FullPageSpinner label={t.loadingProduct} />;

  const submit = (values: PlaceOrderValues) => {
    if (!account) return;
    placeOrder.mutate(
      {
        // Spec section 7: name, email, productName, quantity, phone, address, img, price; plus
        // productId, which the server needs. The server copies name and email from the account
        // and productName, img and price from the product row, never trusting these (docs/decisions/003-stock-and-order-rules.md).
        productId: shown._id,
        name: account.displayName,
        email: account.email,
        productName: shown.name,
        quantity: values.quantity,
        phone: values.phone,
        address: values.address,
        img: shown.img,
        price: shown.price,
      },
      {
        // The stock changed (or, after a 409, the stock shown was stale).
        onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
        onSuccess: () => {
          toast.success(t.orderPlaced);
          void navigate(paths.myOrders);
        },
      },
    );
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="mb-6 text-3xl font-bold text-primary">{t.placeOrder}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <ProductSummary product={shown} />
          <AddToCartButton product={shown} className="btn btn-outline btn-primary w-full sm:w-auto" />
        </div>
        <PlaceOrderForm
          product={shown}
          name={account?.displayName ?? ''}
          email={account?.email ?? ''}
          onSubmit={submit}
          submitting={placeOrder.isPending}
          serverError={translate(placeOrder.error?.message) ?? null}
        />
      </div>
    </section>
  );
}
