import { formatDollars } from '../../../../shared/money.ts';

/** The API shows dollars (exact, from integer cents); display them through the cents formatter. */
export function formatAmount(dollars: number): string {
  return formatDollars(Math.round(dollars * 100));
}
