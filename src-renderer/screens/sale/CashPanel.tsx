import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { cashDue, quickCash } from '../../../src-main/lane/payment/cash-amounts';
import { formatMoney } from '../../../src-main/platform/money';
import { Alert } from '../../components/Alert';
import { modalDialogProps, useModalDialog } from '../../components/modal-dialog';
import { usePos, usePosActions } from '../../store/use-pos';
import { counterCash } from './counter-cash';
import { keyedAmount, usePanelKeys } from './use-panel-keys';

/**
 * Cash over the sale: what is due, large; Enter takes the exact amount, digits key the cash
 * handed over (from the cents, as the amount keypad does), or a quick-cash button; Escape closes.
 * Once the cash paid the sale: the change, large, the drawer, and New sale (Enter).
 */
export function CashPanel({ onClose }: { onClose: () => void }) {
  const { owed, dueMinor, tender, busy } = usePos(
    useShallow((state) => ({
      owed: state.saleTotalMinor(),
      dueMinor: state.dueMinor,
      tender: state.cashTender,
      busy: state.cashBusy,
    })),
  );
  const actions = usePosActions();
  const primary = useRef<HTMLButtonElement>(null);
  const [digits, setDigits] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const paid = tender !== null && dueMinor === null;
  const exact = cashDue(owed, counterCash);

  const take = async (tenderedMinor: number) => {
    if (tenderedMinor <= 0) return setProblem('Key the cash handed over, or take the exact amount.');
    setProblem(null);
    const answer = await actions.payCash(tenderedMinor);
    if (typeof answer === 'string') return setProblem(answer);
    // Cash short of the balance is a part of a split: the sale screen shows what is still owed.
    if (answer.dueMinor !== null) onClose();
  };
  const newSale = () => {
    onClose();
    void actions.newSale();
  };
  const panel = useModalDialog<HTMLDivElement>(primary, () => (paid ? newSale() : busy ? undefined : onClose()));

  usePanelKeys(panel, (event) => {
    if (busy) return true;
    if (paid) {
      if (event.key !== 'Enter') return false;
      newSale();
      return true;
    }
    if (event.key === 'Enter') void take(digits === '' ? exact : Number(digits));
    else {
      const next = keyedAmount(digits, event.key);
      if (next === null) return false;
      setDigits(next);
    }
    return true;
  });

  return (
    <div className="dialog-backdrop">
      <div
        ref={panel}
        {...modalDialogProps({ labelledBy: 'cash-heading', className: 'cash-panel' })}
        data-testid="cash-panel"
      >
        {paid ? (
          <>
            <h2 id="cash-heading">Cash taken</h2>
            <p className="cash-change" data-testid="cash-change">
              Change {formatMoney(tender.changeMinor)}
            </p>
            <p data-testid="cash-tendered">
              {formatMoney(tender.tenderedMinor)} handed over for{' '}
              {formatMoney(tender.appliedMinor + tender.roundingMinor)}
              {tender.roundingMinor !== 0 ? ` (cash rounding ${formatMoney(tender.roundingMinor)})` : ''}.
            </p>
            <p data-testid="cash-drawer">
              {tender.drawer === 'opened'
                ? 'Drawer open'
                : `The drawer did not open: ${tender.drawerProblem ?? 'no answer from it'}`}
            </p>
            {tender.printed.ok ? null : (
              <p data-testid="cash-receipt">
                The receipt did not print: {tender.printed.problem ?? 'no answer from the printer'}
              </p>
            )}
            <div className="dialog-actions">
              <button type="button" ref={primary} className="primary" onClick={newSale} data-testid="cash-new-sale">
                New sale <kbd>Enter</kbd>
              </button>
            </div>
          </>
        ) : (
          <>
            <h2 id="cash-heading">Cash</h2>
            <p className="cash-due" data-testid="cash-due">
              {formatMoney(exact)}
            </p>
            {exact !== owed ? <p>{formatMoney(owed)} rounded for cash.</p> : null}
            <p className="cash-tendered" aria-live="polite">
              Handed over: <strong data-testid="cash-keyed">{formatMoney(Number(digits || '0'))}</strong>{' '}
              <span className="sale-amount-note">digits fill in from the cents</span>
            </p>
            <div className="quick-cash" role="group" aria-label="Quick cash">
              {quickCash(owed, counterCash).map((amount) => (
                <button key={amount} type="button" disabled={busy} onClick={() => void take(amount)}>
                  {amount === exact ? `Exact ${formatMoney(amount)}` : formatMoney(amount)}
                </button>
              ))}
            </div>
            <Alert message={problem} className="dialog-problem" testId="cash-problem" />
            <div className="dialog-actions">
              <button
                type="button"
                ref={primary}
                className="primary"
                disabled={busy}
                aria-busy={busy}
                onClick={() => void take(digits === '' ? exact : Number(digits))}
              >
                {busy ? 'Taking the cash\u2026' : `Take ${formatMoney(digits === '' ? exact : Number(digits))}`}{' '}
                <kbd>Enter</kbd>
              </button>
              <button type="button" onClick={onClose} disabled={busy}>
                Close <kbd>Esc</kbd>
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
