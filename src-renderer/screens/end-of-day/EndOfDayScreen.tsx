import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ColumnHeads } from '../../components/ColumnHeads';
import { formatMoney } from '../../../src-main/platform/money';
import { usePos } from '../../store/use-pos';
import { Reconciliation } from './Reconciliation';
import { OfflinePanel } from './OfflinePanel';
import { FundingPanel } from './FundingPanel';
import { AuthorizationsReminder } from './AuthorizationsReminder';
import { ShiftPanel } from './ShiftPanel';
import { StatusChart } from './StatusChart';
import { batchWords, months, statusWords } from './words';
import { Alert } from '../../components/Alert';
import '../history/history.css';
import './end-of-day.css';
import '../authorizations/authorizations.css';

const pad = (value: number) => String(value).padStart(2, '0');
/** Today on this lane as the date picker holds it (YYYY-MM-DD). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};
/** The gateway asks for a settlement day as MMDD; people pick a date. "2026-11-23" → "1123". */
export const mmddOf = (pickedDate: string) => pickedDate.slice(5, 7) + pickedDate.slice(8, 10);
/** "1123" → "November 23", for the sentences on this screen. */
const dayWords = (mmdd: string) => `${months[Number(mmdd.slice(0, 2)) - 1] ?? mmdd} ${Number(mmdd.slice(2))}`;

/** End of day: the gateway's settlement by date or batch, beside the lane's own totals and a chart of the day by status. */
export function EndOfDayScreen() {
  const { report, busy, error } = usePos(
    useShallow((state) => ({ report: state.endOfDay, busy: state.endOfDayBusy, error: state.endOfDayError })),
  );
  const load = usePos((state) => state.loadEndOfDay);
  const [date, setDate] = useState(today);
  const [batchid, setBatchid] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const dateField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    dateField.current?.focus();
    void load({});
  }, [load]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (batchid.trim() === '' && !/^\d{4}-\d{2}-\d{2}$/.test(date))
      return setProblem('Pick the day to show, or type a settlement batch number.');
    setProblem(null);
    void load(batchid.trim() !== '' ? { batchid: batchid.trim() } : { date: mmddOf(date) });
  };
  return (
    <section className="end-of-day-screen" aria-labelledby="eod-heading">
      <h1 id="eod-heading">End of day</h1>
      <form className="history-search" onSubmit={submit}>
        <label>
          Day
          <input ref={dateField} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </label>
        <label>
          or settlement batch number
          <input value={batchid} maxLength={12} size={12} onChange={(event) => setBatchid(event.target.value)} />
        </label>
        <button type="submit" className="primary" disabled={busy}>
          Show <kbd>Enter</kbd>
        </button>
      </form>
      {busy ? (
        <p role="status" aria-busy="true">
          Asking the gateway for its settlement{'\u2026'}
        </p>
      ) : null}
      <Alert message={problem ?? error} className="history-error" />
      <AuthorizationsReminder />
      <ShiftPanel />
      <OfflinePanel />
      {report ? (
        <>
          {report.gatewayProblem ? (
            <p className="history-error" role="alert">
              The gateway could not be asked: {report.gatewayProblem}. The lane&rsquo;s own totals are below; try again
              in a few minutes.
            </p>
          ) : null}
          <div className="eod-columns">
            <div className="eod-panel">
              <h2>Settlement at the gateway</h2>
              {report.batches.length === 0 && !report.gatewayProblem ? (
                <p>
                  No batch has settled for{' '}
                  {'date' in report.query ? dayWords(report.query.date) : `batch ${report.query.batchid}`} yet: batches
                  settle overnight (in training, with the guide&rsquo;s Settle button).
                </p>
              ) : null}
              {report.batches.length > 0 ? (
                <table className="history-table" data-testid="eod-batches">
                  <ColumnHeads names={['Batch', 'Status', 'Orders', 'Total', 'Refunds']} />
                  <tbody>
                    {report.batches.map((batch, index) => (
                      <tr key={batch.batchid ?? index}>
                        <td>{batch.batchid ?? '\u2014'}</td>
                        <td>{batchWords(batch.hoststat)}</td>
                        <td>{batch.count}</td>
                        <td className="money">{formatMoney(batch.totalMinor)}</td>
                        <td className="money">{formatMoney(batch.refundsMinor)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </div>
            <div className="eod-panel">
              <h2>This lane&rsquo;s day</h2>
              <table className="history-table" data-testid="eod-lane">
                <ColumnHeads names={['Status', 'Count', 'Amount']} />
                <tbody>
                  {report.journal.map((row) => (
                    <tr key={row.status}>
                      <th scope="row">{statusWords[row.status]}</th>
                      <td>{row.count}</td>
                      <td className="money">{formatMoney(row.amountMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Reconciliation reconciliation={report.reconciliation} />
            </div>
          </div>
          <FundingPanel date={'date' in report.query ? report.query.date : null} />
          <div className="eod-panel">
            <h2>The day by status</h2>
            <StatusChart rows={report.journal} />
          </div>
        </>
      ) : null}
    </section>
  );
}
