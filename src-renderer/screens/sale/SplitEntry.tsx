import { useRef, useState } from 'react';
import { formatMoney } from '../../../src-main/platform/money';
import { Alert } from '../../components/Alert';
import { modalDialogProps, useModalDialog } from '../../components/modal-dialog';
import { keyedAmount, usePanelKeys } from './use-panel-keys';

/** How a part of a split sale is paid. */
export type PartTender = 'card' | 'keyed' | 'wallet' | 'cash';

/**
 * A part of the sale (split tender): key this part's amount (at most what is owed), then choose
 * how it is paid: Card Enter, Key card K, Phone W, Cash C. Escape closes.
 */
export function SplitEntry({
  owedMinor,
  walletEnabled,
  onPay,
  onClose,
}: {
  owedMinor: number;
  walletEnabled: boolean;
  onPay: (tender: PartTender, partMinor: number) => void;
  onClose: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  const panel = useModalDialog<HTMLDivElement>(first, onClose);
  const [digits, setDigits] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const part = Number(digits || '0');

  const pay = (tender: PartTender) => {
    if (part <= 0) return setProblem('Key this part\u2019s amount first.');
    if (part > owedMinor) return setProblem(`A part can be at most ${formatMoney(owedMinor)}, what is still owed.`);
    onPay(tender, part);
  };

  usePanelKeys(panel, (event) => {
    const key = event.key.toLowerCase();
    if (event.key === 'Enter') pay('card');
    else if (key === 'k') pay('keyed');
    else if (key === 'w' && walletEnabled) pay('wallet');
    else if (key === 'c') pay('cash');
    else {
      const next = keyedAmount(digits, event.key);
      if (next === null) return false;
      setDigits(next);
      setProblem(null);
    }
    return true;
  });

  return (
    <div className="dialog-backdrop">
      <div
        ref={panel}
        {...modalDialogProps({ labelledBy: 'split-heading', className: 'split-entry' })}
        data-testid="split-entry"
      >
        <h2 id="split-heading">Split: {formatMoney(owedMinor)} owed</h2>
        <p>Key this part&rsquo;s amount (digits fill in from the cents), then how it is paid.</p>
        <p className="split-part" aria-live="polite">
          This part: <strong data-testid="split-part">{formatMoney(part)}</strong>
        </p>
        <Alert message={problem} className="dialog-problem" testId="split-problem" />
        <div className="tender-bar" role="group" aria-label="This part's tender">
          <button type="button" ref={first} className="primary" onClick={() => pay('card')}>
            Card <kbd>Enter</kbd>
          </button>
          <button type="button" onClick={() => pay('keyed')}>
            Key card <kbd>K</kbd>
          </button>
          {walletEnabled ? (
            <button type="button" onClick={() => pay('wallet')}>
              Phone <kbd>W</kbd>
            </button>
          ) : null}
          <button type="button" onClick={() => pay('cash')}>
            Cash <kbd>C</kbd>
          </button>
          <button type="button" onClick={onClose}>
            Close <kbd>Esc</kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
