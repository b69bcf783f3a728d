import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { t } from '../../../lib/i18n.ts';
import type { Order } from '../../../../shared/schemas/order.schema.ts';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-modal.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { loadedRows } from '../../../lib/paged-list.ts';
import { paths } from '../../../lib/paths.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { OrderCard } from '../components/order-card.tsx';

// My Orders (spec section 2): one card per order; cancelling goes through the confirmation
// modal and toasts 'Order has been removed'. A 403 on the list goes home (section 4).
// The list comes 100 orders a page; 'Load more' shows when the server names a next page.
export default function MyOrdersPage() {
  const { account } = useAuth();
  const navigate = useNavigate();
  const orders = useMyOrders(account?.email);
  const list = loadedRows(orders.data);
  const cancel = useCancelOrder();
  const [pending, setPending] = useState<Order | null>(null);

  const forbidden = orders.error instanceof ApiError && orders.error.status === 403;
  useEffect(() => {
    if (forbidden) void navigate(paths.root, { replace: true });
  }, [forbidden, navigate]);

  const confirm = () => {
    if (!pending) return;
    cancel.mutate(pending._id, {
      onSuccess: () => toast.success(t.orderRemoved),
      onError: (error) => toast.error(error.message),
      onSettled: () => setPending(null),
    });
  };

  return (
    <section aria-labelledby="my-orders-heading">
      <h2 id="my-orders-heading" className="mb-4 text-xl font-semibold">
        {t.myOrders}
      </h2>
      {forbidden || (orders.isPending && !list) ? (
        <FullPageSpinner label={t.loadingYourOrders} />
      ) : !list ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{t.couldNotLoadYourOrders(orders.error?.message ?? '')}</span>
          <button type="button" className="btn btn-sm" onClick={() => void orders.refetch()}>
            {t.tryAgain}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">{t.noOrders}</p>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {list.map((order) => (
              <OrderCard key={order._id} order={order} onCancel={setPending} />
            ))}
          </div>
          <LoadMoreButton noun={t.nounOrders} query={orders} />
        </>
      )}
      <ConfirmDeleteModal
        open={pending !== null}
        busy={cancel.isPending}
        onConfirm={confirm}
        onCancel={() => {
          if (!cancel.isPending) setPending(null);
        }}
      />
    </section>
  );
}
