import { useId, type ReactNode } from 'react';

/**
 * A dashboard page: a section named by its heading, with the page's own controls (a filter, an
 * "add" link) beside the heading and wrapping under it on a phone.
 */
export function DashboardPage({
  title,
  subtitle,
  aside,
  className = '',
  children,
}: {
  title: ReactNode;
  /** A line under the heading, e.g. how many rows the page holds. */
  subtitle?: ReactNode;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`min-w-0 ${className}`}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-xl font-semibold break-words">
            {title}
          </h2>
          {subtitle && <p className="text-sm text-base-content/70">{subtitle}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
