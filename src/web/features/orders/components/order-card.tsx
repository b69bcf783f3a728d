import { Link } from 'wouter';
import { count, price, t, translate } from '../../../lib/i18n.ts';
import type { Order } from '../../../../shared/schemas/order.schema.ts';
import { paths } from '../../../../shared/paths.ts';
import { ProductPicture } from '../../../components/ui/product-picture.tsx';
import { customerActions, STATUS_LABELS } from '../../../../shared/order-lifecycle.ts';

/**
 * One card of My Orders (spec section 2): image, Order ID, Product Name, Quantity, Total bill,
 * Email, Phone, Address. Unpaid: a Pay link and an active Cancel Order; paid: a disabled
 * 'Paid' button and a disabled Cancel Order. Beyond the spec: View, to the order's own page
 * (its history, its invoice); and an unpaid order paid in cash at the door (already being
 * prepared, so no longer the customer's to cancel) says so in place of Pay, with Cancel Order
 * disabled, since neither would be accepted.
 */
export function OrderCard({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const actions = customerActions(order);
  const rows: [string, string][] = [
    [t.orderId, order._id],
    [t.productName, order.productName],
    [t.quantity, count(order.quantity)],
    [t.totalBill, price(order.total)],
    [t.email, order.email],
    [t.phone, order.phone],
    [t.address, order.address],
  ];
  return (
    <article
      className="card bg-base-100 shadow-sm"
      aria-label={t.orderLabel(order._id)}
      data-order-id={order._id}
    >
      <figure className="bg-base-200 p-3">
        <ProductPicture
          src={order.img}
          alt={order.productName}
          width={240}
          height={160}
          sizes="240px"
          className="h-40 w-full object-contain"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="min-w-0 break-words [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="card-actions mt-auto items-center justify-end">
          <Link
            to={paths.order(order._id)}
            className="btn btn-link mr-auto px-0"
            aria-label={t.viewOrderOf(order._id)}
          >
            {t.viewOrder}
          </Link>
          {order.paid ? (
            <button type="button" className="btn btn-success" disabled>
              {t.paid}
            </button>
          ) : actions.pay ? (
            <Link to={paths.payment(order._id)} className="btn btn-primary">
              {t.pay}
            </Link>
          ) : (
            // Not a button: there is nothing to press, only how the order will be paid.
            <span className="badge badge-outline badge-lg">
              {order.paymentMethod === 'cod'
                ? t.methodCod
                : translate(STATUS_LABELS[order.status ?? 'placed'])}
            </span>
          )}
          <button
            type="button"
            className="btn btn-outline btn-error"
            disabled={!actions.cancel}
            onClick={() => onCancel(order)}
          >
            {t.cancelOrder}
          </button>
        </div>
      </div>
    </article>
  );
}
