import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { usePos } from '../../store/use-pos';
import { Alert } from '../../components/Alert';
import { DigitsInput } from '../../components/DigitsInput';
import './sign-in.css';

/** The lane's front door: cashier id and PIN. Training lists its practice sign-ins beside the form. */
export function SignInScreen() {
  const { error, busy, logins, training } = usePos(
    useShallow((state) => ({
      error: state.signInError,
      busy: state.signingIn,
      logins: state.trainingLogins,
      training: state.info?.training ?? false,
    })),
  );
  const findings = usePos((state) => state.findings.length);
  const signIn = usePos((state) => state.signIn);
  const [cashierId, setCashierId] = useState('');
  const [pin, setPin] = useState('');
  const idRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  useEffect(() => idRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{1,8}$/.test(cashierId)) return idRef.current?.focus();
    if (!/^\d{4,8}$/.test(pin)) return pinRef.current?.focus();
    void signIn(cashierId, pin).then((signedIn) => {
      // A refused PIN is typed again, not the id.
      if (signedIn) return;
      setPin('');
      pinRef.current?.focus();
    });
  };
  const fillLogin = (id: string, loginPin: string) => {
    setCashierId(id);
    setPin(loginPin);
    pinRef.current?.focus();
  };

  return (
    <main className="sign-in">
      <form
        className="sign-in-form"
        onSubmit={submit}
        aria-describedby={error ? 'sign-in-error' : undefined}
        noValidate
      >
        <h1>Sign in</h1>
        <label htmlFor="cashier-id">Cashier id</label>
        <DigitsInput
          id="cashier-id"
          ref={idRef}
          autoComplete="username"
          value={cashierId}
          onDigits={setCashierId}
          aria-invalid={cashierId !== '' && !/^\d{1,8}$/.test(cashierId)}
        />
        <label htmlFor="cashier-pin">PIN</label>
        <DigitsInput
          id="cashier-pin"
          ref={pinRef}
          type="password"
          autoComplete="current-password"
          value={pin}
          onDigits={setPin}
          aria-invalid={Boolean(error)}
        />
        <p className="sign-in-hint">Your cashier id and a PIN of 4 to 8 digits.</p>
        {findings > 0 ? (
          <p className="sign-in-findings" role="status" data-testid="sign-in-findings">
            {findings === 1
              ? 'A payment was settled while the lane was unattended'
              : `${findings} payments were settled while the lane was unattended`}
            : sign in to see what became of {findings === 1 ? 'it' : 'them'} before the next sale.
          </p>
        ) : null}
        <Alert message={error} id="sign-in-error" className="sign-in-error" />
        <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Signing in\u2026' : 'Sign in'} <kbd>Enter</kbd>
        </button>
      </form>
      {training && logins.length > 0 ? (
        <aside className="sign-in-practice" aria-labelledby="practice-heading">
          <h2 id="practice-heading">Practice sign-ins</h2>
          <p>Training only: these work on this practice terminal, never on a live lane.</p>
          <ul>
            {logins.map((login) => (
              <li key={login.cashierId}>
                <button type="button" onClick={() => fillLogin(login.cashierId, login.pin)}>
                  {login.name} ({login.role}): id {login.cashierId}, PIN {login.pin}
                </button>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
    </main>
  );
}
