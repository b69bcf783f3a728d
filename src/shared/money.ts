// Money is integer cents in the database and arithmetic; the API shows dollars
// as the spec does (docs/decisions/003-stock-and-order-rules.md). Never add floats.
export type Cents = number & { readonly __brand?: 'cents' };

/** Dollars (at most 2 decimals) to integer cents; throws on anything else. */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError('not a finite amount');
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) throw new RangeError('more than two decimals');
  return cents;
}

export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

/** Order total = quantity times unit price, exact in cents (section 9). */
export function orderTotalCents(quantity: number, unitPriceCents: Cents): Cents {
  return quantity * unitPriceCents;
}

/** Integer cents as the shop shows money: "$1,234.56", "$5" for whole dollars. */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = abs % 100;
  return `${sign}$${whole}${rest ? '.' + String(rest).padStart(2, '0') : ''}`;
}

/**
 * Dollars as the API gives them, shown as money. Rounds to the cent rather than throwing on
 * more decimals (unlike dollarsToCents, which guards what is stored): a page never breaks
 * over an amount it only displays.
 */
export function formatDollars(dollars: number): string {
  return formatCents(Math.round(dollars * 100));
}
