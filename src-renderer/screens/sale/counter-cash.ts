import currencies from '../../../assets/cash/currencies.json';
import type { CashRules } from '../../../src-main/lane/payment/cash-amounts';

/**
 * The counter's cash rules: the lane takes US dollars (core.ts reads the same table's USD row),
 * so the screen's exact amount and quick-cash buttons are the sums the journal keeps.
 */
export const counterCash: CashRules = currencies.USD;
