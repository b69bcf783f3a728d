import type { QuantityProblem } from '../../shared/rules.ts';
import { t } from './i18n.ts';

/** The words spec section 5 shows for each quantity problem (the order form and the cart). */
export const quantityMessage = (problem: QuantityProblem): string =>
  problem === 'out-of-stock' ? t.outOfStock : t.belowMinimumOrder;
