import { useState } from 'react';
import type { RecoveryItem } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';
import { PosCallError } from '../../pos/call-error';
import { usePos } from '../../store/use-pos';
import type { AskManager } from './ask-manager';
import { operationWords } from './words';
import { Alert } from '../../components/Alert';

/** The two answers a person records after checking the settlement report. */
const appliedChoices = [
  ['yes', 'It took effect'],
  ['no', 'It did not'],
] as const;

function SettleByHand({ item, askManager }: { item: RecoveryItem; askManager: AskManager }) {
  const settle = usePos((state) => state.settleByHand);
  const [applied, setApplied] = useState<'yes' | 'no' | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const record = () => {
    if (applied === '') return setProblem('Say whether the settlement report shows it.');
    if (note.trim() === '') return setProblem('Write what you checked, e.g. "on the 11/23 settlement report".');
    setProblem(null);
    const args = { entryId: item.entryId, applied: applied === 'yes', note: note.trim() };
    void settle(args).catch((error: unknown) => {
      if (error instanceof PosCallError && error.code === 'forbidden')
        askManager(`Record what you found for order ${item.orderId}`, (managerPin) => settle({ ...args, managerPin }));
    });
  };
  return (
    <fieldset className="settle-by-hand">
      <legend>Record what you found</legend>
      {appliedChoices.map(([value, words]) => (
        <label key={value}>
          <input
            type="radio"
            name={`applied-${item.entryId}`}
            checked={applied === value}
            onChange={() => setApplied(value)}
          />{' '}
          {words}
        </label>
      ))}
      <label>
        What you checked
        <input value={note} maxLength={200} onChange={(event) => setNote(event.target.value)} />
      </label>
      <button type="button" onClick={record}>
        Record
      </button>
      <Alert message={problem} />
    </fieldset>
  );
}

/** Payments whose outcome nobody knows yet: being checked in the background, or waiting for a person. */
export function RecoveryList({ askManager }: { askManager: AskManager }) {
  const queue = usePos((state) => state.recoveryQueue);
  const recoverNow = usePos((state) => state.recoverNow);
  if (queue.length === 0) return null;
  return (
    <section className="recovery-list" aria-labelledby="recovery-heading">
      <h2 id="recovery-heading">Outcome unknown ({queue.length})</h2>
      <p>These are not approved until settled. The lane checks them with the gateway in the background.</p>
      <button type="button" onClick={() => void recoverNow()}>
        Check with the gateway now
      </button>
      <ul>
        {queue.map((item) => (
          <li key={item.entryId}>
            {operationWords[item.operation]} {formatMoney(item.amountMinor)}{' '}
            {item.maskedPan ? `card ending ${item.maskedPan.slice(-4)}` : ''}, order {item.orderId}
            {item.needsPerson ? (
              <>
                <p>
                  The gateway cannot be asked about this one: look for it on the settlement report, then record what you
                  found.
                </p>
                <SettleByHand item={item} askManager={askManager} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
