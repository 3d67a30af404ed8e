import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatMoney, parseMoney } from '../../../src-main/platform/money';
import { Alert } from '../../components/Alert';
import { usePos } from '../../store/use-pos';

/** An amount a person typed ("100", "100.00"), or the problem in words. */
function amountOf(text: string, what: string): number | string {
  const minor = parseMoney(text);
  return minor === null ? `${what}: type an amount such as 100.00` : minor;
}

/**
 * The shift and the day's reports (issue 32, ADR 065): open a shift with the float counted,
 * close it with a blind count (the drawer's expected cash is never shown before), open the
 * drawer for no sale with a reason, print an X report, close the day with a Z report. A manager
 * approves the close, the no-sale and the Z report: a cashier types the manager's PIN.
 */
export function ShiftPanel() {
  const day = usePos(
    useShallow((state) => ({
      shift: state.shift,
      closed: state.closedShift,
      report: state.dayReport,
      noSale: state.noSale,
      busy: state.dayBusy,
      error: state.dayError,
    })),
  );
  const actions = usePos(
    useShallow((state) => ({
      load: state.loadShift,
      open: state.openShift,
      close: state.closeShift,
      drawer: state.openDrawer,
      x: state.printXReport,
      z: state.printZReport,
    })),
  );
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void actions.load();
  }, [actions]);
  const managerPin = pin.trim() === '' ? undefined : pin.trim();
  const withAmount = (what: string, then: (minor: number) => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    const minor = amountOf(amount, what);
    if (typeof minor === 'string') return setProblem(minor);
    setProblem(null);
    void then(minor).then(() => setAmount(''));
  };
  return (
    <div className="eod-panel" data-testid="shift-panel">
      <h2>Shift and reports</h2>
      <p data-testid="shift-status" role="status">
        {day.shift
          ? `Shift ${day.shift.id} open since ${new Date(day.shift.openedAt).toLocaleTimeString()}, by ${day.shift.openedBy}, float ${formatMoney(day.shift.floatMinor)}.`
          : 'No shift is open: count the float into the drawer and open one before taking cash.'}
      </p>
      <form
        className="history-search"
        onSubmit={
          day.shift
            ? withAmount('The counted cash', (minor) => actions.close(minor, managerPin))
            : withAmount('The float', (minor) => actions.open(minor))
        }
      >
        <label>
          {day.shift ? 'Cash counted in the drawer' : 'Float counted into the drawer'}
          <input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </label>
        <button type="submit" className="primary" disabled={day.busy}>
          {day.shift ? 'Close shift' : 'Open shift'}
        </button>
      </form>
      <form
        className="history-search"
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim() === '') return setProblem('Say why the drawer is opened.');
          setProblem(null);
          void actions.drawer(reason.trim(), managerPin).then(() => setReason(''));
        }}
      >
        <label>
          No sale: why
          <input value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
        </label>
        <button type="submit" disabled={day.busy}>
          Open drawer
        </button>
      </form>
      <label className="shift-pin">
        Manager PIN (to close the shift, open the drawer or close the day)
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          onChange={(event) => setPin(event.target.value)}
        />
      </label>
      <div className="shift-actions">
        <button type="button" disabled={day.busy} onClick={() => void actions.x()}>
          X report
        </button>
        <button type="button" disabled={day.busy} onClick={() => void actions.z(managerPin)}>
          Z report (close the day)
        </button>
      </div>
      <Alert message={problem ?? day.error} className="history-error" testId="shift-error" />
      {day.closed ? (
        <p role="status" data-testid="shift-closed">
          Shift {day.closed.id} closed: counted {formatMoney(day.closed.countedMinor)}, expected{' '}
          {formatMoney(day.closed.expectedMinor)}. <strong>{day.closed.verdict}</strong>.
        </p>
      ) : null}
      {day.noSale ? (
        <p role="status" data-testid="no-sale">
          {day.noSale.drawer === 'opened'
            ? 'No sale recorded; the drawer is open.'
            : `No sale recorded, but the drawer did not open: ${day.noSale.problem ?? 'the printer did not take the pulse'}.`}
        </p>
      ) : null}
      {day.report ? (
        <figure className="shift-report">
          <figcaption>
            {day.report.kind === 'z' ? `Z report ${day.report.number}` : 'X report'}
            {day.report.printed.ok ? ', printed' : `, not printed: ${day.report.printed.problem ?? ''}`}
          </figcaption>
          <pre data-testid="day-report">{day.report.lines.join('\n')}</pre>
        </figure>
      ) : null}
    </div>
  );
}
