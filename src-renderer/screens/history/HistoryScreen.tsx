import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ColumnHeads } from '../../components/ColumnHeads';
import { formatMoney, parseMoney } from '../../../src-main/platform/money';
import { usePosActions, usePosFields } from '../../store/use-pos';
import type { AskManager } from './ask-manager';
import { OrderDetail } from './OrderDetail';
import { RecoveryList } from './RecoveryList';
import { answerWords, operationWords, rowAmountMinor, stateWords } from './words';
import { Alert } from '../../components/Alert';
import './history.css';

const time = (epochMs: number) =>
  new Date(epochMs).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * The journal: search by last four, amount, order id or day; pick an order for its actions.
 * Enter searches (or opens the focused row), Escape closes the order.
 */
export function HistoryScreen({ askManager }: { askManager: AskManager }) {
  const { rows, busy, error, selected } = usePosFields({
    rows: 'historyRows',
    busy: 'historyBusy',
    error: 'historyError',
    selected: 'selectedOrderId',
  });
  const actions = usePosActions();
  const [lastFour, setLastFour] = useState('');
  const [amount, setAmount] = useState('');
  const [orderId, setOrderId] = useState('');
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstField.current?.focus();
    void actions.searchHistory({ lastFour: '', amountMinor: null, orderId: '', day: '' });
  }, [actions]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && selected && !document.querySelector('[role="dialog"]')) actions.selectOrder(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected, actions]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = amount.trim() === '' ? null : parseMoney(amount);
    if (lastFour !== '' && !/^\d{4}$/.test(lastFour)) return setProblem('The last four digits of the card, e.g. 1443.');
    if (amountMinor === null && amount.trim() !== '') return setProblem('The amount as money, e.g. 12.00.');
    setProblem(null);
    void actions.searchHistory({ lastFour, amountMinor, orderId: orderId.trim(), day });
  };

  const orderRows = selected ? rows.filter((row) => row.orderId === selected) : [];
  return (
    <section className="history-screen" aria-labelledby="history-heading">
      <h1 id="history-heading">History</h1>
      <form className="history-search" onSubmit={submit} role="search">
        <label>
          Last four
          <input
            ref={firstField}
            value={lastFour}
            inputMode="numeric"
            maxLength={4}
            size={5}
            onChange={(event) => setLastFour(event.target.value.replace(/\D/g, ''))}
          />
        </label>
        <label>
          Amount
          <input value={amount} inputMode="decimal" size={9} onChange={(event) => setAmount(event.target.value)} />
        </label>
        <label>
          Order id
          <input value={orderId} maxLength={19} size={20} onChange={(event) => setOrderId(event.target.value)} />
        </label>
        <label>
          Day
          <input type="date" value={day} onChange={(event) => setDay(event.target.value)} />
        </label>
        <button type="submit" className="primary" disabled={busy}>
          Search <kbd>Enter</kbd>
        </button>
      </form>
      <Alert message={problem ?? error} className="history-error" />
      <RecoveryList askManager={askManager} />
      {selected ? <OrderDetail orderId={selected} entries={orderRows} askManager={askManager} /> : null}
      <table className="history-table" aria-busy={busy}>
        <caption>
          {busy
            ? 'Searching\u2026'
            : `${rows.length} ${rows.length === 1 ? 'payment step' : 'payment steps'} (sales, voids, refunds), newest first`}
        </caption>
        <ColumnHeads names={['When', 'What', 'Amount', 'Card', 'Result', 'State', 'Order']} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} aria-selected={row.orderId === selected} data-testid={`history-row-${row.id}`}>
              <td>{time(row.createdAt)}</td>
              <td>{operationWords[row.operation]}</td>
              <td className="money">{formatMoney(rowAmountMinor(row))}</td>
              <td>{row.maskedPan ? `\u2022\u2022\u2022\u2022${row.maskedPan.slice(-4)}` : '\u2014'}</td>
              <td>{answerWords(row)}</td>
              <td>{stateWords[row.state]}</td>
              <td>
                <button
                  type="button"
                  className="link"
                  onClick={() => actions.selectOrder(row.orderId)}
                  aria-label={`Open order ${row.orderId}`}
                >
                  {row.orderId}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
