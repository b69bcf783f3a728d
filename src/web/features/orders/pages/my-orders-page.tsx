import { useState } from 'react';
import { toast } from 'react-toastify';
import { t } from '../../../lib/i18n.ts';
import { reasonOf } from '../../../lib/error-reason.ts';
import type { Order } from '../../../../shared/schemas/order.schema.ts';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-modal.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { loadedRows } from '../../../lib/paged-list.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { OrderCard } from '../components/order-card.tsx';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';

// My Orders (spec section 2): one card per order; cancelling goes through the confirmation
// modal and toasts 'Order has been removed'. A 403 on the list goes home (section 4).
// The list comes 100 orders a page; 'Load more' shows when the server names a next page.
export default function MyOrdersPage() {
  const { account } = useAuth();
  const orders = useMyOrders(account?.email);
  const cancel = useCancelOrder();
  const [pending, setPending] = useState<Order | null>(null);

  const confirm = () => {
    if (!pending) return;
    cancel.mutate(pending._id, {
      onSuccess: () => toast.success(t.orderRemoved),
      onError: (error) => toast.error(reasonOf(error)),
      onSettled: () => setPending(null),
    });
  };

  return (
    <DashboardPage title={t.myOrders}>
      <PagedList
        query={orders}
        rows={loadedRows(orders.data)}
        loadingLabel={t.loadingYourOrders}
        failed={t.couldNotLoadYourOrders}
        empty={t.noOrders}
        noun={t.nounOrders}
      >
        {(list) => (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {list.map((order) => (
              <OrderCard key={order._id} order={order} onCancel={setPending} />
            ))}
          </div>
        )}
      </PagedList>
      <ConfirmDeleteModal
        open={pending !== null}
        busy={cancel.isPending}
        onConfirm={confirm}
        onCancel={() => {
          if (!cancel.isPending) setPending(null);
        }}
      />
    </DashboardPage>
  );
}
