import type { EndOfDayReport } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';

/** An amount kept on one line, its minus sign with its digits. */
const amount = (minor: number) => <span className="eod-amount">{formatMoney(minor)}</span>;

/**
 * The lane's day netted as the gateway settles it (voids to nothing, refunds taken off), beside
 * what the batches settled of it and what waits for the next batch; a difference names each
 * order that differs and why. A follow-up settling in another batch is listed, not alarmed.
 */
export function Reconciliation({ reconciliation }: { reconciliation: EndOfDayReport['reconciliation'] }) {
  const { laneMinor, gatewayMinor, pendingMinor, differences, later } = reconciliation;
  return (
    <div className="eod-reconciliation" data-testid="eod-reconciliation">
      <p>
        The lane&rsquo;s day nets <strong>{formatMoney(laneMinor)}</strong> (voids and refunds taken off).
        {gatewayMinor === null ? ' No batch is reported yet to compare with.' : null}
        {gatewayMinor !== null ? <> The gateway settled {amount(gatewayMinor)} of it</> : null}
        {gatewayMinor !== null && pendingMinor < 0 ? <>; the next batch takes {amount(-pendingMinor)} off</> : null}
        {gatewayMinor !== null && pendingMinor > 0 ? <>; the next batch adds {amount(pendingMinor)}</> : null}
        {gatewayMinor !== null ? '.' : null}
      </p>
      {gatewayMinor !== null && differences.length === 0 ? (
        <p className="eod-match" role="status">
          Every order matches the gateway.
        </p>
      ) : null}
      {later.length > 0 ? (
        <div className="eod-later" data-testid="eod-later">
          <p>Settling in another batch:</p>
          <ul>
            {later.map((item, index) => (
              <li key={`${item.orderId}-${index}`}>
                Order {item.orderId}: {item.why}.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {differences.length > 0 ? (
        <div className="eod-mismatch" role="alert">
          <p>
            {differences.length === 1 ? 'One order differs' : `${differences.length} orders differ`} from the gateway:
            look each up in History before closing the day.
          </p>
          <ul>
            {differences.map((difference) => (
              <li key={difference.orderId}>
                Order {difference.orderId}: {difference.why}.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
