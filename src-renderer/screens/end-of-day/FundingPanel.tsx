import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatMoney } from '../../../src-main/platform/money';
import { Alert } from '../../components/Alert';
import { ColumnHeads } from '../../components/ColumnHeads';
import { usePos } from '../../store/use-pos';
import { months } from './words';

/** "20261124" → "November 24, 2026". */
export const fundingDateWords = (yyyymmdd: string) =>
  `${months[Number(yyyymmdd.slice(4, 6)) - 1] ?? yyyymmdd} ${Number(yyyymmdd.slice(6, 8))}, ${yyyymmdd.slice(0, 4)}`;

const money = (minor: number | null) => (minor === null ? '\u2014' : formatMoney(minor));

/**
 * The gateway's funding (its deposits to the store's bank) dated the day the end of day shows,
 * beside its settlement (ADR 090): what was funded, the fees and adjustments taken, the batches
 * paid, and ACH payments sent back with their return codes in words. The gateway has funding
 * only from the afternoon of the deposit day, so an empty answer says so rather than nothing.
 */
export function FundingPanel({ date }: { date: string | null }) {
  const { funding, problem } = usePos(
    useShallow((state) => ({ funding: state.funding, problem: state.fundingProblem })),
  );
  const load = usePos((state) => state.loadFunding);
  useEffect(() => {
    if (date) void load(date);
  }, [load, date]);
  if (!date) return null;
  return (
    // Focusable: a narrow window scrolls the deposits table sideways, and keyboards must reach it.
    <div
      className="eod-panel"
      data-testid="eod-funding"
      aria-labelledby="eod-funding-heading"
      role="region"
      tabIndex={0}
    >
      <h2 id="eod-funding-heading">Funding from the gateway</h2>
      <Alert message={problem} className="history-error" />
      {funding && !funding.found ? (
        <p data-testid="eod-funding-none">
          The gateway has no funding dated {fundingDateWords(funding.date)} yet: a day&rsquo;s settlement is usually
          deposited the next business day, and funding shows from that afternoon.
        </p>
      ) : null}
      {funding?.found ? (
        <>
          <p data-testid="eod-funding-total">
            Funded <strong>{formatMoney(funding.fundedMinor)}</strong>, deposit date{' '}
            {fundingDateWords(funding.fundingDate ?? funding.date)}, for {funding.transactions}{' '}
            {funding.transactions === 1 ? 'transaction' : 'transactions'}
            {funding.batchids.length > 0 ? ` in batch ${funding.batchids.join(', ')}` : ''}.
          </p>
          <table className="history-table" data-testid="eod-funding-deposits">
            <ColumnHeads names={['Deposit', 'Net sales', 'Fees', 'Adjustments', 'Reversals', 'Funded']} />
            <tbody>
              {funding.deposits.map((deposit, index) => (
                <tr key={deposit.fundingid ?? index}>
                  <td>{deposit.fundingid ?? '\u2014'}</td>
                  <td className="money">{money(deposit.netSalesMinor)}</td>
                  <td className="money">{money(deposit.feesMinor)}</td>
                  <td className="money">{money(deposit.adjustmentsMinor)}</td>
                  <td className="money">{money(deposit.reversalsMinor)}</td>
                  <td className="money">{money(deposit.totalMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {funding.adjustments + funding.chargebacks > 0 ? (
            <p>
              The gateway lists {funding.adjustments} adjustments and {funding.chargebacks} chargebacks for this date:
              see the merchant&rsquo;s statement for them.
            </p>
          ) : null}
          {funding.achReturns.length > 0 ? (
            <ul className="eod-mismatch" data-testid="eod-funding-ach-returns">
              {funding.achReturns.map((returned) => (
                <li key={`${returned.retref ?? ''}${returned.code}`}>
                  Electronic check {returned.retref ?? ''} {money(returned.amountMinor)} sent back by the bank:{' '}
                  {returned.code}, {returned.words}.
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
