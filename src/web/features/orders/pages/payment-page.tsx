import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { STATUS_LABELS } from '../../../../shared/order-lifecycle.ts';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';
import { count, price, t, translate } from '../../../lib/i18n.ts';
import { paths } from '../../../../shared/paths.ts';
import { payOnline, useOrder } from '../api/checkout.ts';

// Payment page (spec section 2): 'Please pay for : {orderId}' always. Below it, the ways to pay
// this order still allows (docs/decisions/019): online through SSLCommerz when the shop offers
// it, bank transfer instructions, or nothing to do for cash on delivery; and the outcome of a
// payment the gateway just sent the buyer back from.
const outcomes: Record<string, { text: () => string; tone: string }> = {
  success: { text: () => t.paymentSucceeded, tone: 'alert-success' },
  failed: { text: () => t.paymentFailed, tone: 'alert-error' },
  cancelled: { text: () => t.paymentCancelled, tone: 'alert-warning' },
};

export default function PaymentPage() {
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const outcome = outcomes[search.get('payment') ?? ''];
  const order = useOrder(orderId);
  const detail = order.data;
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const startOnline = async () => {
    setStarting(true);
    setError(null);
    try {
      const { redirectUrl } = await payOnline(orderId);
      window.location.assign(redirectUrl);
    } catch (caught) {
      setError(translate(caught instanceof Error ? caught.message : String(caught)));
      setStarting(false);
    }
  };

  return (
    <section aria-labelledby="payment-heading" className="grid max-w-3xl gap-4">
      <h2 id="payment-heading" className="text-xl font-semibold break-words [overflow-wrap:anywhere]">
        {t.pleasePayFor(orderId)}
      </h2>

      {outcome && (
        <p role="status" className={`alert ${outcome.tone}`}>
          {outcome.text()}
        </p>
      )}

      {detail && (
        <div className="card bg-base-100 shadow-sm" aria-label={t.orderSummary}>
          <div className="card-body gap-2 p-5">
            <p>
              <span className="font-semibold">{detail.productName}</span>
              {t.unitsAtEach(count(detail.quantity), price(detail.price))}
            </p>
            <p className="text-lg">
              {t.totalBillColon} <strong>{price(detail.total)}</strong>
            </p>
            <p className="flex flex-wrap items-center gap-2">
              {detail.paid && <span className="badge badge-success">{t.paid}</span>}
              {detail.status && (
                <span className="badge badge-outline">{translate(STATUS_LABELS[detail.status])}</span>
              )}
              <Link to={paths.order(detail._id)} className="link link-primary text-sm">
                {t.viewOrderHistory}
              </Link>
            </p>
          </div>
        </div>
      )}

      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-5">
          <h3 className="card-title text-lg">{t.payWith}</h3>
          {detail?.payWith.includes('sslcommerz') && (
            <div className="grid gap-2">
              <button
                type="button"
                className="btn btn-primary w-fit"
                onClick={() => void startOnline()}
                disabled={starting}
              >
                {starting && <InlineSpinner />}
                {t.payOnline}
              </button>
              <p className="text-sm text-base-content/80">{t.payOnlineHint}</p>
              {error && (
                <p role="alert" className="text-error">
                  {error}
                </p>
              )}
            </div>
          )}
          {(!detail || detail.payWith.includes('bank-transfer')) && (
            <p className="leading-relaxed">
              <strong>{t.bankTransfer}</strong> {t.bankTransferInstructions}
            </p>
          )}
          {(!detail || detail.paymentMethod === 'cod') && (
            <p>
              <strong>{t.cashOnDelivery}</strong> {t.codInstructions}
            </p>
          )}
          {detail && detail.payWith.length === 0 && detail.paymentMethod !== 'cod' && (
            <p>{detail.paid ? t.paymentSucceeded : t.notWaitingForPayment}</p>
          )}
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
