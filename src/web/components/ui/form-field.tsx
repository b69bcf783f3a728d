import type { ReactNode } from 'react';

/**
 * A labelled form control with its error or hint below. The control itself is passed in and
 * should carry `id`, `aria-invalid` and `aria-describedby={describedBy(id, error)}`.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-message`} className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-message`} className="mt-1 text-xs text-base-content/65">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export const describedBy = (id: string, shown: unknown) => (shown ? `${id}-message` : undefined);
