import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { toast } from 'react-toastify';
import { PAYMENT_METHOD_LABELS, STATUS_LABELS, type Actor } from '../../../../shared/order-lifecycle.ts';
import {
  orderStatusFormSchema,
  type OrderDetail,
  type OrderStatusFormInput,
  type OrderStatusFormValues,
} from '../../../../shared/schemas/order.schema.ts';
import { FormField, TextField } from '../../../components/ui/form-field.tsx';
import { FullPageSpinner, InlineSpinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { count, date, getLocale, price, priceOfCents, t, translate } from '../../../lib/i18n.ts';
import { districtName } from '../../../../shared/districts.ts';
import { dollarsToCents } from '../../../../shared/money.ts';
import { reasonOf } from '../../../lib/error-reason.ts';
import { paths } from '../../../../shared/paths.ts';
import { useOrder } from '../api/checkout.ts';
import { useMoveOrder } from '../api/move-order.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { useDownloadInvoice } from '../api/download-invoice.ts';

// One order (/dashboard/orders/{id}): what was bought, where it stands, and its timeline from
// the history the server keeps. Admins also move it along (the moves the lifecycle allows).

const actorLabel = (actor: Actor): string =>
  ({ customer: t.actorCustomer, admin: t.actorAdmin, system: t.actorSystem, payment: t.actorPayment })[actor];

export default function OrderPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  if (order.isPending) return <FullPageSpinner label={t.loadingOrder} />;
  if (order.isError)
    return (
      <section className="grid gap-3">
        <h2 className="text-xl font-semibold">{t.orderNotFound}</h2>
        <p role="alert">{translate(order.error.message)}</p>
        <Link to={paths.myOrders} className="btn btn-outline w-fit">
          {t.backToMyOrders}
        </Link>
      </section>
    );
  return <OrderView order={order.data} />;
}

/** The checkout's invoice as a PDF file (the order's checkout may hold other lines too). */
function InvoiceButton({ checkoutId }: { checkoutId: string }) {
  const download = useDownloadInvoice();
  return (
    <BusyButton
      type="button"
      className="btn-outline btn-sm"
      busy={download.isPending}
      onClick={() =>
        download.mutate(checkoutId, {
          onError: (error) => toast.error(t.invoiceFailed(reasonOf(error))),
        })
      }
    >
      {t.downloadInvoice}
    </BusyButton>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  const { isAdmin } = useAuth();
  const status = order.status ?? 'placed';
  return (
    <section aria-labelledby="order-heading" className="grid max-w-3xl gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="order-heading" className="text-xl font-semibold break-all">
          {t.orderLabel(order._id)}
        </h2>
        <span className="badge badge-lg badge-primary" data-testid="order-status">
          {translate(STATUS_LABELS[status])}
        </span>
      </div>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-2 p-5 sm:flex-row sm:items-center">
          <img src={order.img} alt="" width={96} height={72} className="h-18 w-24 rounded object-cover" />
          <div className="grid gap-1">
            <p>
              <span className="font-semibold">{order.productName}</span>
              {t.unitsAtEach(count(order.quantity), price(order.price))}
            </p>
            <p className="text-lg">
              {t.totalBillColon} <strong>{price(order.total)}</strong>
            </p>
            <p className="text-sm text-base-content/80">
              {order.paymentMethod && translate(PAYMENT_METHOD_LABELS[order.paymentMethod])}
              {order.district && ` · ${districtName(order.district, getLocale())}`}
              {order.paid && ` · ${t.paid}`}
            </p>
            {(order.carrier || order.tracking) && (
              <p className="text-sm">
                {t.carrier}: {order.carrier ?? '-'} · {t.tracking}: {order.tracking ?? '-'}
              </p>
            )}
            {status === 'placed' && order.holdUntil && (
              <p className="text-sm text-warning-content">{t.holdUntil(date(order.holdUntil, true))}</p>
            )}
          </div>
        </div>
        <div className="card-actions px-5 pb-5">
          {order.payWith.length > 0 && !isAdmin && (
            <Link to={paths.payment(order._id)} className="btn btn-primary btn-sm">
              {t.pay}
            </Link>
          )}
          {order.checkoutId && <InvoiceButton checkoutId={order.checkoutId} />}
        </div>
      </div>

      {order.sameCheckout.length > 0 && <SameCheckout order={order} />}

      <div className="card bg-base-100 shadow-sm">
        <div className="card-body p-5">
          <h3 className="card-title text-lg">{t.history}</h3>
          <ol className="timeline timeline-vertical timeline-compact -ml-2" aria-label={t.orderTimeline}>
            {order.history.map((event, index) => (
              <li key={`${event.at}-${index}`}>
                {index > 0 && <hr className="bg-primary" />}
                <div className="timeline-middle text-primary" aria-hidden="true">
                  ●
                </div>
                <div className="timeline-end timeline-box mb-2 w-full">
                  <p className="font-semibold">{translate(STATUS_LABELS[event.to])}</p>
                  <p className="text-sm text-base-content/70">
                    <time dateTime={event.at}>{date(event.at, true)}</time> · {actorLabel(event.actor)}
                  </p>
                  {event.note && <p className="text-sm">{translate(event.note)}</p>}
                </div>
                {index < order.history.length - 1 && <hr className="bg-primary" />}
              </li>
            ))}
          </ol>
        </div>
      </div>
      {isAdmin && order.adminMoves.length > 0 && <AdminMoves key={order.status} order={order} />}
    </section>
  );
}

/**
 * The other orders of the same checkout (one order per product), each linked to its own page,
 * and what the whole checkout costs: after a checkout of several products, the page it opens
 * on is the first order's, and its total alone would look like the whole bill.
 */
function SameCheckout({ order }: { order: OrderDetail }) {
  const totalCents = [order, ...order.sameCheckout].reduce(
    (sum, each) => sum + dollarsToCents(each.total),
    0,
  );
  return (
    <section aria-labelledby="same-checkout-heading" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-5">
        <h3 id="same-checkout-heading" className="card-title text-lg">
          {t.sameCheckout}
        </h3>
        <ul className="grid gap-1">
          {order.sameCheckout.map((other) => (
            <li key={other._id} className="flex flex-wrap items-baseline gap-x-2">
              <Link to={paths.order(other._id)} className="link link-primary">
                {other.productName}
              </Link>
              <span>
                × {count(other.quantity)} · {price(other.total)} · {translate(STATUS_LABELS[other.status])}
              </span>
            </li>
          ))}
        </ul>
        <p>
          {t.checkoutTotalColon} <strong>{priceOfCents(totalCents)}</strong>
        </p>
      </div>
    </section>
  );
}

/** The admin's form to move the order on: one of the allowed statuses, a note, and for shipping the carrier and tracking. */
function AdminMoves({ order }: { order: OrderDetail }) {
  const id = useId();
  const move = useMoveOrder();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<OrderStatusFormInput, unknown, OrderStatusFormValues>({
    resolver: zodResolver(orderStatusFormSchema),
    defaultValues: { status: order.adminMoves[0]!, note: '', carrier: '', tracking: '' },
  });
  const to = useWatch({ control, name: 'status' });
  const submit = ({ status, note, carrier, tracking }: OrderStatusFormValues) =>
    move.mutate(
      { orderId: order._id, status, note, ...(status === 'shipped' ? { carrier, tracking } : {}) },
      { onSuccess: () => toast.success(t.orderMoved) },
    );
  const field = (name: 'note' | 'carrier' | 'tracking', label: string, maxLength: number) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      error={errors[name]?.message}
      maxLength={maxLength}
      {...register(name)}
    />
  );
  return (
    <form
      className="card bg-base-100 shadow-sm"
      aria-label={t.moveOrder}
      noValidate
      onSubmit={handleSubmit(submit)}
    >
      <div className="card-body gap-2 p-5">
        <h3 className="card-title text-lg">{t.moveTo}</h3>
        <div className="grid gap-2 sm:grid-cols-2">
          <FormField id={`${id}-status`} label={t.status}>
            <select id={`${id}-status`} className="select w-full" {...register('status')}>
              {order.adminMoves.map((status) => (
                <option key={status} value={status}>
                  {translate(STATUS_LABELS[status])}
                </option>
              ))}
            </select>
          </FormField>
          {field('note', t.note, 500)}
          {to === 'shipped' && (
            <>
              {field('carrier', t.carrier, 100)}
              {field('tracking', t.tracking, 100)}
            </>
          )}
        </div>
        {move.error && (
          <p role="alert" className="text-error">
            {translate(move.error.message)}
          </p>
        )}
        <div className="card-actions">
          <button type="submit" className="btn btn-primary" disabled={move.isPending}>
            {move.isPending && <InlineSpinner />}
            {t.moveToStatus(translate(STATUS_LABELS[to]))}
          </button>
        </div>
      </div>
    </form>
  );
}
