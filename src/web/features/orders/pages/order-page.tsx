import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { messages } from '../../../../shared/messages.ts';
import { formatDollars } from '../../../../shared/money.ts';
import {
  PAYMENT_METHOD_LABELS,
  STATUS_LABELS,
  type OrderStatus,
} from '../../../../shared/order-lifecycle.ts';
import { orderMessages } from '../../../../shared/order-messages.ts';
import type { OrderDetail } from '../../../../shared/schemas/order.schema.ts';
import { FullPageSpinner, InlineSpinner } from '../../../components/ui/spinner.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { paths } from '../../../lib/paths.ts';
import { useOrder } from '../api/checkout.ts';
import { orderKeys } from '../keys.ts';

// One order (/dashboard/orders/{id}): what was bought, where it stands, and its timeline from
// the history the server keeps. Admins also move it along (the moves the lifecycle allows).

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' });
const who = {
  customer: 'Customer',
  admin: 'AgriTools',
  system: 'AgriTools (automatic)',
  payment: 'Payment gateway',
};

export default function OrderPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  if (order.isPending) return <FullPageSpinner label="Loading the order" />;
  if (order.isError)
    return (
      <section className="grid gap-3">
        <h2 className="text-xl font-semibold">Order not found</h2>
        <p role="alert">{order.error.message}</p>
        <Link to={paths.myOrders} className="btn btn-outline w-fit">
          Back to My Orders
        </Link>
      </section>
    );
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: OrderDetail }) {
  const { isAdmin } = useAuth();
  const status = order.status ?? 'placed';
  return (
    <section aria-labelledby="order-heading" className="grid max-w-3xl gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="order-heading" className="text-xl font-semibold break-all">
          {orderMessages.orderTitle} {order._id}
        </h2>
        <span className="badge badge-lg badge-primary" data-testid="order-status">
          {STATUS_LABELS[status]}
        </span>
      </div>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-2 p-5 sm:flex-row sm:items-center">
          <img src={order.img} alt="" width={96} height={72} className="h-18 w-24 rounded object-cover" />
          <div className="grid gap-1">
            <p>
              <span className="font-semibold">{order.productName}</span> × {order.quantity} at{' '}
              {formatDollars(order.price)} each
            </p>
            <p className="text-lg">
              Total bill: <strong>{formatDollars(order.total)}</strong>
            </p>
            <p className="text-sm text-base-content/80">
              {order.paymentMethod && PAYMENT_METHOD_LABELS[order.paymentMethod]}
              {order.district && ` · ${order.district}`}
              {order.paid && ` · ${messages.paid}`}
            </p>
            {(order.carrier || order.tracking) && (
              <p className="text-sm">
                {orderMessages.carrier}: {order.carrier ?? '-'} · {orderMessages.tracking}:{' '}
                {order.tracking ?? '-'}
              </p>
            )}
            {status === 'placed' && order.holdUntil && (
              <p className="text-sm text-warning-content">{orderMessages.holdUntil(when(order.holdUntil))}</p>
            )}
          </div>
        </div>
        <div className="card-actions px-5 pb-5">
          {order.payWith.length > 0 && !isAdmin && (
            <Link to={paths.payment(order._id)} className="btn btn-primary btn-sm">
              Pay
            </Link>
          )}
        </div>
      </div>

      <div className="card bg-base-100 shadow-sm">
        <div className="card-body p-5">
          <h3 className="card-title text-lg">{orderMessages.history}</h3>
          <ol className="timeline timeline-vertical timeline-compact -ml-2" aria-label="Order timeline">
            {order.history.map((event, index) => (
              <li key={`${event.at}-${index}`}>
                {index > 0 && <hr className="bg-primary" />}
                <div className="timeline-middle text-primary" aria-hidden="true">
                  ●
                </div>
                <div className="timeline-end timeline-box mb-2 w-full">
                  <p className="font-semibold">{STATUS_LABELS[event.to]}</p>
                  <p className="text-sm text-base-content/70">
                    <time dateTime={event.at}>{when(event.at)}</time> · {who[event.actor]}
                  </p>
                  {event.note && <p className="text-sm">{event.note}</p>}
                </div>
                {index < order.history.length - 1 && <hr className="bg-primary" />}
              </li>
            ))}
          </ol>
        </div>
      </div>
      {isAdmin && order.adminMoves.length > 0 && <AdminMoves order={order} />}
    </section>
  );
}

function AdminMoves({ order }: { order: OrderDetail }) {
  const queryClient = useQueryClient();
  const [to, setTo] = useState<OrderStatus>(order.adminMoves[0]!);
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const move = useMutation({
    mutationFn: () =>
      apiFetch<OrderDetail>(`/order/${encodeURIComponent(order._id)}/status`, {
        method: 'POST',
        body: {
          status: to,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(to === 'shipped' && carrier.trim() ? { carrier: carrier.trim() } : {}),
          ...(to === 'shipped' && tracking.trim() ? { tracking: tracking.trim() } : {}),
        },
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(orderKeys.detail(order._id), detail);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      toast.success(orderMessages.orderMoved);
      setNote('');
      if (detail.adminMoves[0]) setTo(detail.adminMoves[0]);
    },
  });
  return (
    <form
      className="card bg-base-100 shadow-sm"
      aria-label="Move the order"
      onSubmit={(event) => {
        event.preventDefault();
        move.mutate();
      }}
    >
      <div className="card-body gap-2 p-5">
        <h3 className="card-title text-lg">{orderMessages.moveTo}</h3>
        <div className="grid gap-2 sm:grid-cols-2">
          <label className="fieldset p-0">
            <span className="fieldset-label">{orderMessages.status}</span>
            <select
              className="select w-full"
              value={to}
              onChange={(e) => setTo(e.target.value as OrderStatus)}
            >
              {order.adminMoves.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </label>
          <label className="fieldset p-0">
            <span className="fieldset-label">{orderMessages.note}</span>
            <input
              className="input w-full"
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          {to === 'shipped' && (
            <>
              <label className="fieldset p-0">
                <span className="fieldset-label">{orderMessages.carrier}</span>
                <input
                  className="input w-full"
                  value={carrier}
                  maxLength={100}
                  onChange={(e) => setCarrier(e.target.value)}
                />
              </label>
              <label className="fieldset p-0">
                <span className="fieldset-label">{orderMessages.tracking}</span>
                <input
                  className="input w-full"
                  value={tracking}
                  maxLength={100}
                  onChange={(e) => setTracking(e.target.value)}
                />
              </label>
            </>
          )}
        </div>
        {move.error && (
          <p role="alert" className="text-error">
            {move.error.message}
          </p>
        )}
        <div className="card-actions">
          <button type="submit" className="btn btn-primary" disabled={move.isPending}>
            {move.isPending && <InlineSpinner />}
            {orderMessages.moveTo} {STATUS_LABELS[to]}
          </button>
        </div>
      </div>
    </form>
  );
}
