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

/**
 * The digits of a whole, non-negative number in groups: threes ('1,234,567'), or the lakh
 * system's last three and then pairs ('12,34,567') when `lakh`. By hand rather than with
 * `toLocaleString` or `Intl.NumberFormat`: a browser's first number format loads ICU's number
 * data, tens of milliseconds of main thread on every page that shows a price
 * (docs/decisions/033).
 */
export function groupDigits(whole: number, lakh = false): string {
  const digits = String(whole);
  let end = digits.length - 3;
  if (end <= 0) return digits;
  let grouped = digits.slice(end);
  const size = lakh ? 2 : 3;
  for (; end > 0; end -= size) grouped = `${digits.slice(Math.max(0, end - size), end)},${grouped}`;
  return grouped;
}

/**
 * The size of an amount of integer cents, without sign or currency: its whole part grouped
 * (groupDigits, `lakh` as there) and its cents as two digits when there are any ('1,234.56',
 * '5'). Each language puts its own sign, symbol and digits around it.
 */
export function centsFigure(cents: Cents, lakh = false): string {
  const abs = Math.abs(cents);
  const rest = abs % 100;
  return `${groupDigits(Math.floor(abs / 100), lakh)}${rest ? '.' + String(rest).padStart(2, '0') : ''}`;
}

/** Integer cents as the shop shows money: "$1,234.56", "$5" for whole dollars. */
export function formatCents(cents: Cents): string {
  return `${cents < 0 ? '-' : ''}$${centsFigure(cents)}`;
}

/**
 * Dollars as the API gives them, shown as money. Rounds to the cent rather than throwing on
 * more decimals (unlike dollarsToCents, which guards what is stored): a page never breaks
 * over an amount it only displays.
 */
export function formatDollars(dollars: number): string {
  return formatCents(Math.round(dollars * 100));
}
