import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { RecoveryFinding } from '../../src-main/lane/ipc/contract';
import { formatMoney } from '../../src-main/platform/money';
import { usePos } from '../store/use-pos';
import { modalDialogProps } from './modal-dialog';
import { recoveryOperationWords } from './recovery-words';
import { Alert } from './Alert';

const when = (finding: RecoveryFinding) =>
  finding.outcome === 'offline-declined'
    ? `declined by the card\u2019s issuer when it was sent at ${new Date(finding.foundAt).toLocaleTimeString()}`
    : finding.source === 'start'
      ? 'found when the lane started again after it stopped mid-payment'
      : `settled by the lane\u2019s background check at ${new Date(finding.foundAt).toLocaleTimeString()}`;

/** A payment taken offline is not a sale recovery settled: the customer left with the goods, and a manager acts. */
const offlineDeclined = (finding: RecoveryFinding) => finding.outcome === 'offline-declined';

function heading(shown: readonly RecoveryFinding[]): string {
  if (shown.every(offlineDeclined))
    return shown.length === 1
      ? 'A card payment taken offline was declined when it was sent'
      : `${shown.length} card payments taken offline were declined when they were sent`;
  return shown.length === 1
    ? 'A payment was settled while nobody was watching'
    : `${shown.length} payments were settled while nobody was watching`;
}

/**
 * What recovery settled while nobody watched (a crash mid-payment, an answer lost and found
 * later), over the signed-in person's screen until they acknowledge each one: what it became,
 * what to do, and the receipt of an approval to print. Without it the cashier rings the sale again
 * and the customer pays twice. `hide` leaves out the order the sale screen already shows.
 */
export function RecoveryFindingsNotice({ hide }: { hide: string | null }) {
  const { findings, prints, error } = usePos(
    useShallow((state) => ({ findings: state.findings, prints: state.findingPrints, error: state.findingError })),
  );
  const acknowledge = usePos((state) => state.acknowledgeFinding);
  const print = usePos((state) => state.printFinding);
  const first = useRef<HTMLButtonElement>(null);
  // An offline decline is a manager's to act on: a cashier gives a manager's PIN with "Seen".
  const [managerPins, setManagerPins] = useState<Record<number, string>>({});
  // A sale somebody left is told by the counter's banner instead (LeftSaleBanner), which stays while they sell on.
  const shown = findings.filter((finding) => finding.orderId !== hide && !finding.leftBy);
  useEffect(() => first.current?.focus(), [shown.length]);
  if (shown.length === 0) return null;
  return (
    <div className="dialog-backdrop">
      <section
        {...modalDialogProps({ labelledBy: 'findings-heading', className: 'findings-dialog', role: 'alertdialog' })}
        data-testid="recovery-findings"
      >
        <h2 id="findings-heading">{heading(shown)}</h2>
        <ul>
          {shown.map((finding, index) => (
            <li key={finding.entryId} data-testid="recovery-finding" data-outcome={finding.outcome}>
              <p className="finding-what">
                {offlineDeclined(finding) ? 'Offline sale' : recoveryOperationWords[finding.operation]}{' '}
                {formatMoney(finding.amountMinor)}
                {finding.maskedPan ? ` on card \u2022\u2022\u2022\u2022${finding.maskedPan.slice(-4)}` : ''}, order{' '}
                {finding.orderId}, {when(finding)}:
              </p>
              <p className={`finding-message finding-${finding.outcome}`} role="status">
                {finding.message}
              </p>
              {offlineDeclined(finding) ? (
                <>
                  <p className="finding-next">
                    The customer left with the goods: a manager calls the customer or writes the sale off.
                  </p>
                  <label className="finding-manager-pin">
                    Manager PIN (a signed-in manager leaves it empty)
                    <input
                      type="password"
                      inputMode="numeric"
                      autoComplete="off"
                      value={managerPins[finding.entryId] ?? ''}
                      onChange={(event) =>
                        setManagerPins((pins) => ({ ...pins, [finding.entryId]: event.target.value }))
                      }
                      data-testid="finding-manager-pin"
                    />
                  </label>
                </>
              ) : null}
              {prints[finding.entryId] ? <p>{prints[finding.entryId]}</p> : null}
              <div className="dialog-actions">
                {finding.receipt ? (
                  <button type="button" onClick={() => void print(finding.entryId)}>
                    Print the receipt
                  </button>
                ) : null}
                <button
                  type="button"
                  className="primary"
                  ref={index === 0 ? first : undefined}
                  onClick={() => void acknowledge(finding.entryId, managerPins[finding.entryId] || undefined)}
                >
                  Seen: done
                </button>
              </div>
            </li>
          ))}
        </ul>
        <Alert message={error} className="dialog-problem" />
      </section>
    </div>
  );
}
