import type { EndOfDayReport } from '../../../src-main/ipc/contract';
import { formatMoney } from '../../format/money';

/**
 * The lane's day netted as the gateway settles it (voids to nothing, refunds taken off), beside
 * what the batches settled of it; a difference names each order that differs and why.
 */
export function Reconciliation({ reconciliation }: { reconciliation: EndOfDayReport['reconciliation'] }) {
  const { laneMinor, gatewayMinor, differences } = reconciliation;
  return (
    <div className="eod-reconciliation" data-testid="eod-reconciliation">
      <p>
        The lane&rsquo;s day nets <strong>{formatMoney(laneMinor)}</strong> (voids and refunds taken off).
        {gatewayMinor === null
          ? ' No batch is reported yet to compare with.'
          : ` The gateway settled ${formatMoney(gatewayMinor)} of it.`}
      </p>
      {gatewayMinor !== null && differences.length === 0 ? (
        <p className="eod-match" role="status">
          Every order matches the gateway.
        </p>
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
