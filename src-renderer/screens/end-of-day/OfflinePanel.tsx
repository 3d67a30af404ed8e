import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { OfflinePaymentView, OfflineStatusView } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';
import { Alert } from '../../components/Alert';
import { ColumnHeads } from '../../components/ColumnHeads';
import { counterOfflineBanner, localTime } from '../../components/offline-words';
import { usePos } from '../../store/use-pos';

const stateWords: Record<OfflinePaymentView['state'], string> = {
  stored: 'Stored, waiting to be sent',
  forwarding: 'Being sent now',
  declined: 'Declined when sent',
  approved: 'Approved when sent',
};

const entryWords: Record<string, string> = {
  chip: 'Chip',
  contactless: 'Tapped',
  swipe: 'Swiped',
  'fallback-swipe': 'Swiped after the chip failed',
  keyed: 'Keyed',
};

/** Where the stored payments stand, in one sentence for the manager. */
function statusLine(status: OfflineStatusView): string {
  const banner = counterOfflineBanner(status);
  if (banner) return banner;
  if (status.storedCount === 0) return 'The gateway answers; no card payments are waiting to be sent.';
  const sending = status.forwarding ? 'being sent now' : 'waiting to be sent';
  return `The gateway answers; ${status.storedCount} stored (${formatMoney(status.storedMinor)}) ${sending}.`;
}

/**
 * Card payments stored while the gateway could not be reached (issue 33), for a manager: each
 * one (amount, masked card, brand, how it was read, when, how often sent, where it stands), Send
 * now, and the lane's switch for taking them. Both actions are a manager's: a cashier types the
 * manager's PIN. A decline found when sending comes as a finding to acknowledge, as well as here.
 */
export function OfflinePanel() {
  const view = usePos(
    useShallow((state) => ({
      status: state.offline,
      queue: state.offlineQueue,
      busy: state.offlineBusy,
      error: state.offlineError,
    })),
  );
  const actions = usePos(
    useShallow((state) => ({
      load: state.loadOfflineQueue,
      send: state.sendOfflineNow,
      turn: state.switchOffline,
    })),
  );
  const [pin, setPin] = useState('');
  const known = view.status !== null;
  // The queue follows the status: every store or forward changes both.
  useEffect(() => {
    if (known) void actions.load();
  }, [actions, known, view.status?.storedCount, view.status?.declines]);
  // A lane that never answered the status has no offline payments to show.
  if (!view.status) return null;
  // A lane the merchant has not set up for offline payments, with nothing stored from before: nothing to manage.
  const { configured, storedCount, declines } = view.status;
  if (!configured && storedCount === 0 && declines === 0) return null;
  const managerPin = pin.trim() === '' ? undefined : pin.trim();
  const { enabled } = view.status;
  return (
    <div className="eod-panel" data-testid="offline-panel">
      <h2>Offline payments</h2>
      <p role="status" data-testid="offline-status">
        {statusLine(view.status)}
      </p>
      {view.status.declines > 0 ? (
        <p className="history-error" data-testid="offline-declines">
          {view.status.declines === 1
            ? '1 stored payment was declined when it was sent: see it in the findings and acknowledge it.'
            : `${view.status.declines} stored payments were declined when they were sent: see them in the findings and acknowledge each.`}
        </p>
      ) : null}
      {view.queue.length > 0 ? (
        <table className="history-table" data-testid="offline-queue">
          <ColumnHeads names={['Amount', 'Card', 'Brand', 'Read by', 'Stored at', 'Tries', 'State']} />
          <tbody>
            {view.queue.map((payment) => (
              <tr key={payment.entryId} data-state={payment.state}>
                <td className="money">{formatMoney(payment.amountMinor)}</td>
                <td>{payment.maskedPan ?? '\u2014'}</td>
                <td>{payment.brand ?? '\u2014'}</td>
                <td>{payment.entryMode ? (entryWords[payment.entryMode] ?? payment.entryMode) : '\u2014'}</td>
                <td>{localTime(payment.storedAt)}</td>
                <td>{payment.attempts}</td>
                <td>{stateWords[payment.state]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <label className="shift-pin">
        Manager PIN (to send now or switch offline payments)
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          onChange={(event) => setPin(event.target.value)}
          data-testid="offline-pin"
        />
      </label>
      <div className="shift-actions">
        <button type="button" disabled={view.busy} onClick={() => void actions.send(managerPin)}>
          Send now
        </button>
        <button type="button" disabled={view.busy} onClick={() => void actions.turn(!enabled, managerPin)}>
          {enabled ? 'Stop taking offline payments' : 'Take offline payments again'}
        </button>
      </div>
      <Alert message={view.error} className="history-error" testId="offline-error" />
    </div>
  );
}
