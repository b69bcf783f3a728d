import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { messages } from '../../../../shared/messages.ts';
import type { Order } from '../../../../shared/schemas/order.schema.ts';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-modal.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { loadedRows } from '../../../lib/paged-list.ts';
import { paths } from '../../../lib/paths.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useAllOrders } from '../api/get-all-orders.ts';
import { useMarkOrderPaid } from '../api/mark-order-paid.ts';
import { formatDollars } from '../../../../shared/money.ts';

// Manage All Orders (spec section 2, admin only): Order Id, Name, Email, Phone, Address,
// Product Name, Total Bill; plus the paid state with Mark paid, and Remove through the
// confirmation modal (design.md). A 403 on the list goes home (section 4). The list comes
// 100 orders a page; 'Load more' under the table shows when the server names a next page.
export default function ManageOrdersPage() {
  const navigate = useNavigate();
  const orders = useAllOrders();
  const list = loadedRows(orders.data);
  const markPaid = useMarkOrderPaid();
  const remove = useCancelOrder();
  const [pending, setPending] = useState<Order | null>(null);

  const forbidden = orders.error instanceof ApiError && orders.error.status === 403;
  useEffect(() => {
    if (forbidden) void navigate(paths.root, { replace: true });
  }, [forbidden, navigate]);

  const confirmRemove = () => {
    if (!pending) return;
    remove.mutate(pending._id, {
      onSuccess: () => toast.success(messages.orderRemoved),
      onError: (error) => toast.error(error.message),
      onSettled: () => setPending(null),
    });
  };

  const pay = (order: Order) =>
    markPaid.mutate(order._id, {
      onSuccess: () => toast.success(`Order ${order._id} marked as paid`),
      onError: (error) => toast.error(error.message),
    });

  return (
    <section aria-labelledby="manage-orders-heading" className="min-w-0">
      <h2 id="manage-orders-heading" className="mb-4 text-xl font-semibold">
        Manage All Orders
      </h2>
      {forbidden || (orders.isPending && !list) ? (
        <FullPageSpinner label="Loading orders" />
      ) : !list ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>Could not load the orders: {orders.error?.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => void orders.refetch()}>
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">There are no orders yet.</p>
      ) : (
        <>
          <div className="max-w-full overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">Order Id</th>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Address</th>
                  <th scope="col">Product Name</th>
                  <th scope="col" className="text-right">
                    Total Bill
                  </th>
                  <th scope="col">Payment</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((order) => {
                  const marking = markPaid.isPending && markPaid.variables === order._id;
                  return (
                    <tr key={order._id} data-order-id={order._id}>
                      <td className="font-mono text-xs">{order._id}</td>
                      <td>{order.name}</td>
                      <td>{order.email}</td>
                      <td className="whitespace-nowrap">{order.phone}</td>
                      <td className="min-w-32">{order.address}</td>
                      <td className="min-w-28">{order.productName}</td>
                      <td className="text-right whitespace-nowrap">{formatDollars(order.total)}</td>
                      <td>
                        {order.paid ? (
                          <span className="badge badge-success">{messages.paid}</span>
                        ) : (
                          <div className="flex flex-col items-start gap-1">
                            <span className="badge badge-warning">Unpaid</span>
                            <button
                              type="button"
                              className="btn btn-sm btn-primary min-h-10 whitespace-nowrap"
                              disabled={marking}
                              aria-label={`Mark order ${order._id} paid`}
                              onClick={() => pay(order)}
                            >
                              {marking && (
                                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                              )}
                              Mark paid
                            </button>
                          </div>
                        )}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline btn-error min-h-10"
                          aria-label={`Remove order ${order._id}`}
                          onClick={() => setPending(order)}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <LoadMoreButton noun="orders" query={orders} />
        </>
      )}
      <ConfirmDeleteModal
        open={pending !== null}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => {
          if (!remove.isPending) setPending(null);
        }}
      />
    </section>
  );
}
