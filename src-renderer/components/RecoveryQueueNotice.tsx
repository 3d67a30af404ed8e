import { formatMoney } from '../../src-main/platform/money';
import { usePos } from '../store/use-pos';
import { recoveryOperationWords } from './recovery-words';

/**
 * On every screen while the journal holds an outcome nobody knows yet: how many, and for each
 * what it was and what is being done. Never "approved": these are not.
 */
export function RecoveryQueueNotice() {
  const queue = usePos((state) => state.recoveryQueue);
  if (queue.length === 0) return null;
  const forPerson = queue.filter((item) => item.needsPerson).length;
  const summary = `${queue.length} ${queue.length === 1 ? 'payment' : 'payments'} with an unknown outcome${forPerson > 0 ? `, ${forPerson} waiting for a manager` : ', being checked with the gateway'}`;
  return (
    <details className="recovery-queue" data-testid="recovery-queue">
      <summary>
        <span role="status">{summary}</span>
      </summary>
      <ul>
        {queue.map((item) => (
          <li key={item.entryId}>
            {recoveryOperationWords[item.operation]} {formatMoney(item.amountMinor)}{' '}
            {item.maskedPan ? `card ${item.maskedPan.slice(-4)}` : ''} order {item.orderId}:{' '}
            {item.needsPerson
              ? 'check the settlement report, then record what you found'
              : 'outcome not known yet, checked with the gateway again automatically'}
          </li>
        ))}
      </ul>
    </details>
  );
}
