import type { ReactNode } from 'react';

export interface Column {
  label: ReactNode;
  /** Figures line up on the right. */
  numeric?: boolean;
  /** A column a phone does without (its value shows elsewhere in the row). */
  wideOnly?: boolean;
  /** A column of buttons: its name is for screen readers only. */
  hiddenLabel?: boolean;
}

/**
 * The dashboard's tables (Make Admin, Manage Products, Manage All Orders): one look, scrolling
 * sideways inside its frame on a phone rather than widening the page, or with `stackOnPhone`
 * one card per row there (styles.css, `.table-stack`; each cell names its column in
 * `data-label`). `children` are the rows.
 */
export function DataTable({
  columns,
  stackOnPhone = false,
  children,
}: {
  columns: Column[];
  stackOnPhone?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`max-w-full overflow-x-auto rounded-box border border-base-300 bg-base-100${stackOnPhone ? ' table-stack' : ''}`}
    >
      <table className="table table-zebra table-sm">
        <thead className="bg-base-200 text-base-content">
          <tr>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={
                  [column.numeric && 'text-right', column.wideOnly && 'hidden sm:table-cell']
                    .filter(Boolean)
                    .join(' ') || undefined
                }
              >
                {column.hiddenLabel ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
