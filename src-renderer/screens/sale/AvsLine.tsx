import type { SaleSummary } from '../../../src-main/lane/ipc/contract';

/**
 * The gateway's address check of a keyed card, in the lane's words (payment/avs-words.ts): a
 * match reads as a fact, anything less as a warning the cashier weighs before handing over goods.
 */
export function AvsLine({ avs }: { avs: SaleSummary['avs'] }) {
  if (!avs) return null;
  return (
    <p
      className={`sale-result-avs sale-result-avs-${avs.match}`}
      data-testid="sale-avs"
      data-avs={avs.code}
      role="note"
      aria-label={avs.words}
    >
      {avs.words}
    </p>
  );
}
