import type { SaleSummary } from '../../../src-main/lane/ipc/contract';
import { forcedSaleWords } from '../../../src-main/lane/ipc/tenders';

/** What the cashier does next after an approval by one of the other tenders; null for any other payment. */
export function otherTenderNextStep(sale: SaleSummary): string | null {
  if (sale.outcome !== 'approved') return null;
  switch (sale.tender) {
    case 'authorize':
      return 'Authorized, not captured: capture it from Authorizations when the order is complete. The customer is not charged until then.';
    case 'forced-sale':
      return `${forcedSaleWords(sale.authcode ?? '')}: captured. It cannot be voided; a refund is the way back. Hand over the goods and the customer\u2019s copy.`;
    case 'ach':
      return 'Check approved: have the customer sign the merchant copy under the debit authorization, then hand over the goods and the customer\u2019s copy.';
    default:
      return null;
  }
}
