import { Link } from 'wouter';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n.ts';
import { reasonOf } from '../../../lib/error-reason.ts';

/**
 * What a page of one product shows when the product could not be read: "Product not found" for
 * an id the server does not know (a malformed id is a 400, to the customer the same unknown
 * product), otherwise that it could not be loaded, why, and Try again: a dropped connection on
 * a phone must not read as a product that is gone.
 */
export function ProductLoadError({
  error,
  onRetry,
  back,
}: {
  error: Error;
  onRetry: () => void;
  back: { to: string; label: string };
}) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{missing ? t.productNotFound : t.couldNotLoadProduct}</h1>
      <p role="alert">{missing ? t.productGone : t.somethingWentWrong(reasonOf(error))}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {!missing && (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t.tryAgain}
          </button>
        )}
        <Link to={back.to} className="btn btn-outline">
          {back.label}
        </Link>
      </div>
    </section>
  );
}
