import type { ReactNode } from 'react';
import { translate } from '../../lib/i18n.ts';

/**
 * The one labelled form control of the shop: label, the control, then its message (an error,
 * else a hint). The control is passed in and carries `id`, `aria-invalid` and
 * `aria-describedby={describedBy(id, error || hint)}`. `live`: the message line is always
 * there and announced as it changes (the order form's quantity messages, spec section 5).
 */
export function FormField({
  id,
  label,
  error,
  hint,
  live = false,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  live?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const message = error ? (
    <p
      id={`${id}-message`}
      className="mt-1 text-sm font-medium text-error"
      aria-live={live ? 'polite' : undefined}
    >
      {translate(error)}
    </p>
  ) : hint ? (
    <p
      id={`${id}-message`}
      className="mt-1 text-xs text-base-content/65"
      aria-live={live ? 'polite' : undefined}
    >
      {hint}
    </p>
  ) : live ? (
    <p id={`${id}-message`} className="mt-1 text-sm" aria-live="polite" />
  ) : null;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {message}
    </div>
  );
}

/** The `aria-describedby` of a control whose FormField shows a message (`shown` truthy). */
export const describedBy = (id: string, shown: unknown) => (shown ? `${id}-message` : undefined);
