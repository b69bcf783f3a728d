import { t } from '../../lib/i18n.ts';
/** The full-page spinner of spec section 2, shown while auth or data is loading. */
export function FullPageSpinner({ label = t.loading }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function InlineSpinner({ label = t.working }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
