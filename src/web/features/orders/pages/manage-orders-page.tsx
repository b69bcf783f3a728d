import { useId, useState } from 'react';
import { Link } from 'wouter';
import {
  adminMoves,
  ORDER_STATUSES,
  STATUS_LABELS,
  type OrderStatus,
} from '../../../../shared/order-lifecycle.ts';
import { toast } from 'react-toastify';
import { price, t, translate } from '../../../lib/i18n.ts';
import { reasonOf } from '../../../lib/error-reason.ts';
import type { Order } from '../../../../shared/schemas/order.schema.ts';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-modal.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { loadedRows } from '../../../lib/paged-list.ts';
import { paths } from '../../../../shared/paths.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useAllOrders } from '../api/get-all-orders.ts';
import { useMarkOrderPaid } from '../api/mark-order-paid.ts';
import { useMoveOrder } from '../api/move-order.ts';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';

// Manage All Orders (spec section 2, admin only): Order Id, Name, Email, Phone, Address,
// Product Name, Total Bill; plus the paid state with Mark paid, and Remove through the
// confirmation modal. A 403 on the list goes home (section 4). The list comes
// 100 orders a page; 'Load more' under the table shows when the server names a next page.
/** The moves an admin may make, from the order as listed. */
const moves = (order: Order): OrderStatus[] =>
  adminMoves({
    status: order.status ?? 'placed',
    paid: order.paid,
    paymentMethod: order.paymentMethod ?? 'bank-transfer',
  });

export default function ManageOrdersPage() {
  const id = useId();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const orders = useAllOrders(status || undefined);
  const moveOrder = useMoveOrder();
  const move = (orderId: string, to: OrderStatus) =>
    moveOrder.mutate(
      { orderId, status: to },
      {
        onSuccess: () => toast.success(t.orderMoved),
        onError: (error) => toast.error(reasonOf(error)),
      },
    );
  const markPaid = useMarkOrderPaid();
  const remove = useCancelOrder();
  const [pending, setPending] = useState<Order | null>(null);

  const confirmRemove = () => {
    if (!pending) return;
    remove.mutate(pending._id, {
      onSuccess: () => toast.success(t.orderRemoved),
      onError: (error) => toast.error(error.message),
      onSettled: () => setPending(null),
    });
  };

  const pay = (order: Order) =>
    markPaid.mutate(order._id, {
      onSuccess: () => toast.success(t.orderMarkedPaid(order._id)),
      onError: (error) => toast.error(error.message),
    });

  return (
    <DashboardPage
      title={t.manageAllOrders}
      aside={
        <FormField id={`${id}-status`} label={t.status}>
          <select
            id={`${id}-status`}
            className="select select-sm"
            value={status}
            onChange={(event) => setStatus(event.target.value as OrderStatus | '')}
          >
            <option value="">{t.allStatuses}</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {translate(STATUS_LABELS[value])}
              </option>
            ))}
          </select>
        </FormField>
      }
    >
      <PagedList
        query={orders}
        rows={loadedRows(orders.data)}
        loadingLabel={t.loadingOrders}
        failed={t.couldNotLoadOrders}
        empty={t.noOrdersYet}
        noun={t.nounOrders}
      >
        {(list) => (
          <DataTable
            stackOnPhone
            columns={[
              { label: t.orderIdColumn },
              { label: t.name },
              { label: t.email },
              { label: t.phone },
              { label: t.address },
              { label: t.productName },
              { label: t.totalBillColumn, numeric: true },
              { label: t.payment },
              // The status column holds the order's moves, View and Remove: a column of its own for
              // Remove pushed it out of sight on a laptop, behind a sideways scroll.
              { label: t.status },
            ]}
          >
            {list.map((order) => {
              const marking = markPaid.isPending && markPaid.variables === order._id;
              return (
                <tr key={order._id} data-order-id={order._id}>
                  <td data-label={t.orderIdColumn} className="font-mono text-xs max-sm:break-all">
                    {order._id}
                  </td>
                  <td data-label={t.name}>{order.name}</td>
                  <td data-label={t.email} className="max-sm:break-all">
                    {order.email}
                  </td>
                  <td data-label={t.phone} className="whitespace-nowrap">
                    {order.phone}
                  </td>
                  <td data-label={t.address}>{order.address}</td>
                  <td data-label={t.productName}>{order.productName}</td>
                  <td data-label={t.totalBillColumn} className="whitespace-nowrap sm:text-right">
                    {price(order.total)}
                  </td>
                  <td data-label={t.payment}>
                    {order.paid ? (
                      <span className="badge badge-success">{t.paid}</span>
                    ) : !moves(order).includes('paid') ? (
                      <span className="badge badge-warning">{t.unpaid}</span>
                    ) : (
                      <div className="flex flex-col items-start gap-1">
                        <span className="badge badge-warning">{t.unpaid}</span>
                        <button
                          type="button"
                          className="btn btn-sm btn-primary min-h-10 h-auto py-1"
                          disabled={marking}
                          aria-label={t.markOrderPaid(order._id)}
                          onClick={() => pay(order)}
                        >
                          {marking && (
                            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                          )}
                          {t.markPaid}
                        </button>
                      </div>
                    )}
                  </td>
                  <td data-label={t.status}>
                    <div className="flex min-w-28 flex-col items-start gap-1">
                      {/* Placed and paid already show in the payment column. */}
                      {order.status && order.status !== 'placed' && order.status !== 'paid' && (
                        // Where the order stands, filled; the moves below are buttons that say so.
                        <span className="badge badge-neutral whitespace-nowrap">
                          {translate(STATUS_LABELS[order.status])}
                        </span>
                      )}
                      {moves(order)
                        .filter((to) => to !== 'paid' && to !== 'cancelled')
                        .map((to) => (
                          <button
                            key={to}
                            type="button"
                            className="btn btn-xs btn-outline min-h-8 h-auto py-1"
                            aria-label={t.moveOrderToStatus(order._id, translate(STATUS_LABELS[to]))}
                            disabled={moveOrder.isPending}
                            onClick={() => move(order._id, to)}
                          >
                            {t.moveToStatus(translate(STATUS_LABELS[to]))}
                          </button>
                        ))}
                      <Link
                        to={paths.order(order._id)}
                        className="link link-primary text-sm"
                        aria-label={t.viewOrderOf(order._id)}
                      >
                        {t.viewOrder}
                      </Link>
                      {moves(order).includes('cancelled') && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline btn-error min-h-10"
                          aria-label={t.removeOrder(order._id)}
                          onClick={() => setPending(order)}
                        >
                          {t.remove}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </PagedList>
      <ConfirmDeleteModal
        open={pending !== null}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => {
          if (!remove.isPending) setPending(null);
        }}
      />
    </DashboardPage>
  );
}
