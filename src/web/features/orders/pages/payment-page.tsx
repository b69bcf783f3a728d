import { Link, useParams } from 'react-router';
import { count, price, t } from '../../../lib/i18n.ts';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { loadedRows } from '../../../lib/paged-list.ts';
import { paths } from '../../../lib/paths.ts';
import { useMyOrders } from '../api/get-my-orders.ts';

// Payment page (spec section 2): 'Please pay for : {orderId}' always; there is no payment
// form. We add how to pay (bank transfer or on delivery; an admin then marks the order paid,
// design.md) and, when the order is the customer's own, what it costs.
export default function PaymentPage() {
  const { orderId = '' } = useParams();
  const { account } = useAuth();
  const orders = useMyOrders(account?.email);
  // Orders come newest first, so an order just placed is on the first page.
  const order = loadedRows(orders.data)?.find((candidate) => candidate._id === orderId);

  return (
    <section aria-labelledby="payment-heading" className="grid max-w-3xl gap-4">
      <h2 id="payment-heading" className="text-xl font-semibold break-words [overflow-wrap:anywhere]">
        {t.pleasePayFor(orderId)}
      </h2>

      {order && (
        <div className="card bg-base-100 shadow-sm" aria-label={t.orderSummary}>
          <div className="card-body gap-2 p-5">
            <p>
              <span className="font-semibold">{order.productName}</span>
              {t.unitsAtEach(count(order.quantity), price(order.price))}
            </p>
            <p className="text-lg">
              {t.totalBillColon} <strong>{price(order.total)}</strong>
            </p>
            {order.paid && <span className="badge badge-success">{t.paid}</span>}
          </div>
        </div>
      )}

      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-5">
          <h3 className="card-title text-lg">{t.howToPay}</h3>
          <ul className="list-disc space-y-2 pl-5 leading-relaxed">
            <li>
              <strong>{t.bankTransfer}</strong> {t.bankTransferText}
            </li>
            <li>
              <strong>{t.cashOnDelivery}</strong> {t.cashOnDeliveryText}
            </li>
          </ul>
          <p className="text-base-content/80">{t.paidNote(t.paid)}</p>
          <div className="card-actions">
            <Link to={paths.myOrders} className="btn btn-outline">
              {t.backToMyOrders}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
