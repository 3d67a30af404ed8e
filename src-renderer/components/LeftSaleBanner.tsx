import { useShallow } from 'zustand/react/shallow';
import { formatMoney } from '../../src-main/platform/money';
import { usePos } from '../store/use-pos';

/**
 * What became of a sale somebody left while its outcome was unknown, told loudly: a banner over
 * every counter screen, one line per sale (the order, the amount, charged or not), that stays
 * until somebody acknowledges it. A popup closed by the next key would let the customer leave
 * charged twice; the banner keeps the fact in front of the cashier while they sell on.
 */
export function LeftSaleBanner() {
  const { findings, prints } = usePos(
    useShallow((state) => ({ findings: state.findings, prints: state.findingPrints })),
  );
  const acknowledge = usePos((state) => state.acknowledgeFinding);
  const print = usePos((state) => state.printFinding);
  const left = findings.filter((finding) => finding.leftBy);
  if (left.length === 0) return null;
  return (
    <section className="left-sale-banner" role="alert" aria-label="Left sales settled" data-testid="left-sale-banner">
      {left.map((finding) => (
        <div
          key={finding.entryId}
          className={`left-sale left-sale-${finding.outcome}`}
          data-testid="left-sale"
          data-outcome={finding.outcome}
        >
          <p>
            <strong>
              {finding.outcome === 'approved' ? 'Charged' : finding.outcome === 'not-charged' ? 'Not charged' : 'Check'}
              : order {finding.orderId}, {formatMoney(finding.amountMinor)}.
            </strong>{' '}
            {finding.message}
          </p>
          {prints[finding.entryId] ? <p>{prints[finding.entryId]}</p> : null}
          <div className="left-sale-actions">
            {finding.receipt ? (
              <button type="button" onClick={() => void print(finding.entryId)}>
                Print the receipt
              </button>
            ) : null}
            <button type="button" className="primary" onClick={() => void acknowledge(finding.entryId)}>
              Seen: done
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
