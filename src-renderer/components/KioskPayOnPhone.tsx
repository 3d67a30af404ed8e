import { useShallow } from 'zustand/react/shallow';
import { usePos } from '../store/use-pos';
import { PayLinkWait } from './PayLinkWait';

/**
 * The kiosk's phone payment, for the customer: while the reader waits for a card, the choice to
 * pay on the phone instead; once chosen, the QR code of the pay link with its countdown and
 * Cancel. Nothing when the merchant does not take phone payments.
 */
export function KioskPayOnPhone() {
  const { sale, phase, walletEnabled, problem } = usePos(
    useShallow((state) => ({
      sale: state.terminal?.sale ?? null,
      phase: state.terminal?.phase ?? 'starting',
      walletEnabled: state.walletEnabled,
      problem: state.saleError,
    })),
  );
  const { payOnPhoneInstead, cancelSale } = usePos(
    useShallow((state) => ({ payOnPhoneInstead: state.payOnPhoneInstead, cancelSale: state.cancelSale })),
  );
  if (!walletEnabled || !sale?.running || phase !== 'awaiting-card') return null;
  if (sale.tender === 'wallet') {
    if (!sale.payLink) return <p className="phase-detail">Making your QR code{'\u2026'}</p>;
    return (
      <PayLinkWait
        link={sale.payLink}
        amountMinor={sale.amountMinor}
        audience="customer"
        onCancel={() => void cancelSale()}
      />
    );
  }
  // Only a sale can be paid on the phone: an authorization or a credit stays on the card.
  if (sale.tender !== 'sale') return null;
  return (
    <div className="kiosk-phone-choice">
      <p className="phase-detail">or</p>
      <button type="button" onClick={() => void payOnPhoneInstead()} data-testid="kiosk-pay-wallet">
        Pay on your phone
      </button>
      {problem ? (
        <p className="phase-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
