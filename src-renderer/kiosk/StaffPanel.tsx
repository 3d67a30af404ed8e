import { useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Alert } from '../components/Alert';
import { DigitsInput } from '../components/DigitsInput';
import { formatMoney } from '../../src-main/platform/money';
import { usePos, usePosActions } from '../store/use-pos';
import { useIdleTimer } from './idle-timer';
import { StaffCallLine } from './StaffCallLine';
import { StaffMoneyActions, StaffOrderMoney } from './StaffMoney';
import { useKioskWords } from './use-kiosk-words';

type Field = 'cashierId' | 'pin';

/**
 * Staff sign in at the kiosk with their id and PIN, on the screen's keypad (the kiosk may have no
 * keyboard) or a keyboard. The staff list is the lane's own (session.signIn).
 */
function StaffSignIn() {
  const { signInError, signingIn } = usePos(
    useShallow((state) => ({ signInError: state.signInError, signingIn: state.signingIn })),
  );
  const { signIn, closeStaff, callStaff } = usePosActions();
  const words = useKioskWords();
  const called = usePos((state) => (state.kiosk?.staffCall ?? null) !== null);
  const [values, setValues] = useState<Record<Field, string>>({ cashierId: '', pin: '' });
  const [field, setField] = useState<Field>('cashierId');
  const pinRef = useRef<HTMLInputElement>(null);
  const type = (key: string) =>
    setValues((current) => {
      const value = current[field];
      const next = key === 'clear' ? '' : key === 'back' ? value.slice(0, -1) : (value + key).slice(0, 8);
      return { ...current, [field]: next };
    });
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (field === 'cashierId' && values.pin === '') {
      setField('pin');
      pinRef.current?.focus();
      return;
    }
    void signIn(values.cashierId, values.pin).then((ok) => ok || setValues((current) => ({ ...current, pin: '' })));
  };
  return (
    <form className="kiosk-staff-sign-in" onSubmit={submit} aria-labelledby="kiosk-staff-heading">
      <h1 id="kiosk-staff-heading" data-testid="kiosk-headline">
        Staff sign-in
      </h1>
      <p className="kiosk-lead">A member of staff signs in to help.</p>
      {called ? (
        <StaffCallLine />
      ) : (
        <div className="kiosk-actions">
          <button type="button" className="primary" onClick={() => void callStaff()} data-testid="kiosk-call-staff">
            {words.callStaff}
          </button>
        </div>
      )}
      <label>
        Cashier id
        <DigitsInput
          value={values.cashierId}
          onDigits={(cashierId) => setValues((current) => ({ ...current, cashierId }))}
          onFocus={() => setField('cashierId')}
          autoComplete="off"
          data-testid="staff-id"
          autoFocus
        />
      </label>
      <label>
        PIN
        <DigitsInput
          ref={pinRef}
          type="password"
          value={values.pin}
          onDigits={(pin) => setValues((current) => ({ ...current, pin }))}
          onFocus={() => setField('pin')}
          autoComplete="off"
          data-testid="staff-pin"
        />
      </label>
      <div className="kiosk-keypad" role="group" aria-label="Keypad">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'].map((key) => (
          <button
            key={key}
            type="button"
            onClick={() => type(key)}
            aria-label={key === 'clear' ? 'Clear' : key === 'back' ? 'Delete one digit' : undefined}
          >
            {key === 'clear' ? 'C' : key === 'back' ? '\u232b' : key}
          </button>
        ))}
      </div>
      <Alert message={signInError} className="kiosk-notice" />
      <div className="kiosk-actions">
        <button type="submit" className="primary" disabled={signingIn}>
          Sign in
        </button>
        <button type="button" onClick={() => void closeStaff()}>
          Back to the customer screen
        </button>
      </div>
    </form>
  );
}

/** Signed-in staff: remove an item, void the last payment, reprint, the service sign, leave. */
function StaffScreen() {
  const { staff, kiosk, note } = usePos(
    useShallow((state) => ({ staff: state.staff, kiosk: state.kiosk, note: state.staffNote })),
  );
  const { setLineQuantity, reprintLastPayment, setService, closeStaff } = usePosActions();
  const [sign, setSign] = useState('Please use another checkout.');
  if (!staff || !kiosk) return null;
  return (
    <section className="kiosk-staff" aria-labelledby="kiosk-staff-heading">
      <div className="kiosk-staff-head">
        <h1 id="kiosk-staff-heading" data-testid="kiosk-headline">
          Staff: {staff.name}
        </h1>
        <button type="button" className="primary" onClick={() => void closeStaff()}>
          Leave staff mode
        </button>
      </div>
      <h2>Basket</h2>
      {kiosk.basket.lines.length === 0 ? <p>The basket is empty.</p> : null}
      <ul className="kiosk-line-list">
        {kiosk.basket.lines.map((line) => (
          <li key={line.itemId} className="kiosk-line">
            <span className="kiosk-line-name">
              {line.quantity} &times; {line.name}
            </span>
            <span className="kiosk-line-price">{formatMoney(line.netMinor)}</span>
            <button type="button" className="danger" onClick={() => void setLineQuantity(line.itemId, 0)}>
              Remove {line.name}
            </button>
          </li>
        ))}
      </ul>
      <StaffOrderMoney />
      <div className="kiosk-actions">
        <StaffMoneyActions />
        <button type="button" onClick={() => void reprintLastPayment()}>
          Reprint the last receipt
        </button>
      </div>
      <h2>Service</h2>
      {kiosk.inService ? (
        <div className="kiosk-service">
          <label>
            Sign for customers
            {/* One line of text on the sign: a line break typed here becomes a space. */}
            <textarea
              value={sign}
              maxLength={80}
              rows={2}
              onChange={(event) => setSign(event.target.value.replace(/\s*\n\s*/g, ' '))}
            />
          </label>
          <button type="button" className="danger" onClick={() => void setService(false, sign.trim() || undefined)}>
            Take out of service
          </button>
        </div>
      ) : (
        <button type="button" className="primary" onClick={() => void setService(true)}>
          Back in service
        </button>
      )}
      {note ? (
        <p className="kiosk-staff-note" role="status" data-testid="staff-note">
          {note}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The staff panel behind the discreet Help control: sign-in first, then the staff screen. Left
 * alone for `kiosk.staffIdleSeconds` it closes and signs staff out, as the main process ends the
 * session by then too: the next person at a kiosk is most likely a customer.
 */
export function StaffPanel() {
  const signedIn = usePos((state) => state.staff !== null);
  const staffIdleSeconds = usePos((state) => state.kiosk?.staffIdleSeconds ?? 60);
  const { closeStaff } = usePosActions();
  useIdleTimer({ enabled: true, idleMs: staffIdleSeconds * 1000, promptMs: 0, onTimeout: () => void closeStaff() });
  return signedIn ? <StaffScreen /> : <StaffSignIn />;
}
