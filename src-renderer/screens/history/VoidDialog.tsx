import { voidReasons, voidReasonWords, type VoidReason } from '../../../src-main/lane/ipc/refund-reasons';
import { formatMoney } from '../../../src-main/platform/money';
import type { AskManager } from './ask-manager';
import { MoneyBackDialog, type MoneyBack } from './MoneyBackDialog';

/** The sale a void acts on, as the screen knows it from the journal. */
export interface VoidTarget {
  readonly orderId: string;
  /** What the sale still holds: approved less what was voided already. */
  readonly heldMinor: number;
  readonly maskedPan: string | null;
  readonly brand: string | null;
}

/** "the VISA card ending 1443", or the words for a sale without a card. */
export const cardWords = (target: Pick<VoidTarget, 'maskedPan' | 'brand'>) =>
  target.maskedPan
    ? `the ${target.brand ? `${target.brand} ` : ''}card ending ${target.maskedPan.slice(-4)}`
    : 'the sale\u2019s account';

/**
 * A void with the refund's care: the amount, the card's brand and last four, the order and a
 * reason, then a confirmation; a cashier's void asks a manager who is told the same.
 */
export function VoidDialog({
  target,
  send,
  askManager,
  onClose,
}: {
  target: VoidTarget;
  send: (request: MoneyBack<VoidReason>) => Promise<string | null>;
  askManager: AskManager;
  onClose: () => void;
}) {
  const card = cardWords(target);
  return (
    <MoneyBackDialog
      kind="void"
      orderId={target.orderId}
      leftMinor={target.heldMinor}
      intro={`${formatMoney(target.heldMinor)} on ${card}. A void sends it back to the card at once.`}
      reasons={voidReasons}
      reasonWords={voidReasonWords}
      confirmWords={(amountMinor, reason) => (
        <>
          Void <strong>{formatMoney(amountMinor)}</strong> on <strong>{card}</strong>, order {target.orderId}? Reason:{' '}
          {reason}.
        </>
      )}
      managerWords={(amountMinor) => `Void ${formatMoney(amountMinor)} on ${card}, order ${target.orderId}`}
      send={send}
      askManager={askManager}
      onClose={onClose}
    />
  );
}
