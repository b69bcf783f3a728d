import { Link, useParams } from 'react-router';
import { messages } from '../../../../shared/messages.ts';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { loadedRows } from '../../../lib/paged-list.ts';
import { paths } from '../../../lib/paths.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { formatDollars } from '../../../../shared/money.ts';

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
        {messages.pleasePayFor(orderId)}
      </h2>

      {order && (
        <div className="card bg-base-100 shadow-sm" aria-label="Order summary">
          <div className="card-body gap-2 p-5">
            <p>
              <span className="font-semibold">{order.productName}</span> × {order.quantity} at{' '}
              {formatDollars(order.price)} each
            </p>
            <p className="text-lg">
              Total bill: <strong>{formatDollars(order.total)}</strong>
            </p>
            {order.paid && <span className="badge badge-success">{messages.paid}</span>}
          </div>
        </div>
      )}

      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-5">
          <h3 className="card-title text-lg">How to pay</h3>
          <ul className="list-disc space-y-2 pl-5 leading-relaxed">
            <li>
              <strong>Bank transfer:</strong> transfer the total bill to AgriTools Ltd., account 0123 4567
              8901, and write the order ID above as the payment reference.
            </li>
            <li>
              <strong>Cash on delivery:</strong> pay the courier when your order arrives.
            </li>
          </ul>
          <p className="text-base-content/80">
            Once we receive your payment, our team marks the order as paid and it shows as {messages.paid} in
            My Orders.
          </p>
          <div className="card-actions">
            <Link to={paths.myOrders} className="btn btn-outline">
              Back to My Orders
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
