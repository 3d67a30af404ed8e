import type { JournalEntryView } from '../../../src-main/lane/ipc/contract';
import { refundReasons, refundReasonWords } from '../../../src-main/lane/ipc/refund-reasons';
import { formatMoney } from '../../../src-main/platform/money';
import { usePos } from '../../store/use-pos';
import type { AskManager } from './ask-manager';
import { MoneyBackDialog } from './MoneyBackDialog';

/**
 * A refund in two steps: the amount (what is left offered, not assumed) and a reason from the
 * list, then a confirmation that repeats the card's last four and the amount. A refusal stays in
 * the dialog; a refund above the lane's limit asks a manager on top of it.
 */
export function RefundDialog({
  orderId,
  sale,
  askManager,
  onClose,
}: {
  orderId: string;
  sale: JournalEntryView | undefined;
  askManager: AskManager;
  onClose: () => void;
}) {
  const refund = usePos((state) => state.refundOrder);
  const leftMinor = sale?.money ? Math.max(0, sale.money.capturedMinor - sale.money.refundedMinor) : 0;
  const lastFour = sale?.maskedPan ? sale.maskedPan.slice(-4) : null;
  return (
    <MoneyBackDialog
      kind="refund"
      orderId={orderId}
      leftMinor={leftMinor}
      intro={`Card ending ${lastFour ?? '\u2014'}. ${
        leftMinor > 0
          ? `Left to refund: ${formatMoney(leftMinor)}.`
          : 'The lane\u2019s journal shows nothing settled to refund.'
      }`}
      reasons={refundReasons}
      reasonWords={refundReasonWords}
      confirmWords={(amountMinor, reason) => (
        <>
          Refund <strong>{formatMoney(amountMinor)}</strong> to the card ending <strong>{lastFour ?? '\u2014'}</strong>?
          Reason: {reason}.
        </>
      )}
      managerWords={(amountMinor) => `Refund ${formatMoney(amountMinor)} of order ${orderId}`}
      send={(request) => refund({ orderId, ...request })}
      askManager={askManager}
      onClose={onClose}
    />
  );
}
