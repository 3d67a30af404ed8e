import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { PosCallError } from '../../pos/call-error';
import { usePos } from '../../store/use-pos';
import type { AskManager } from '../history/ask-manager';
import { focusRefused } from './focus-refused';

type CredentialField = 'username' | 'password';

/**
 * The live gateway's user name and password, stored in the secret store and never shown back
 * (the password field empties once they are stored), and a test of what a live sale would meet.
 * A fieldset of the settings form: Enter in it stores the credentials, Alt+T tests them.
 */
export function GatewayCredentials({ askManager }: { askManager: AskManager }) {
  const { credentials, test, wait, refusal } = usePos(
    useShallow((state) => ({
      credentials: state.settingsView?.credentials ?? null,
      test: state.credentialTest,
      wait: state.settingsWait,
      refusal: state.credentialsError,
    })),
  );
  const saveCredentials = usePos((state) => state.saveCredentials);
  const testCredentials = usePos((state) => state.testCredentials);
  const [username, setUsername] = useState(credentials?.username ?? '');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ field: CredentialField | null; message: string } | null>(null);
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const storing = wait === 'storing';
  const testing = wait === 'testing';
  const shown =
    problem ??
    (refusal
      ? {
          field: refusal.field === 'username' || refusal.field === 'password' ? refusal.field : null,
          message: refusal.message,
        }
      : null);

  useEffect(() => {
    if (!shown?.field) return;
    return focusRefused(fieldsetRef.current?.querySelector<HTMLElement>(`#gateway-${shown.field}`));
  }, [shown?.field, shown?.message]);

  // Escape puts the credential fields back too; Alt+T tests the stored credentials.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (document.querySelector('[role="dialog"]')) return;
      if (event.key === 'Escape') {
        setUsername(credentials?.username ?? '');
        setPassword('');
        setProblem(null);
      } else if (event.altKey && event.key.toLowerCase() === 't' && !testing) {
        event.preventDefault();
        void testCredentials();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [credentials, testCredentials, testing]);

  const store = () => {
    if (storing) return;
    const name = username.trim();
    if (name === '' || password === '') {
      setProblem({
        field: name === '' ? 'username' : 'password',
        message: `Enter the gateway ${name === '' ? 'user name' : 'password'} the gateway provider gave you, then press Enter.`,
      });
      return;
    }
    setProblem(null);
    const done = (ok: boolean) => {
      if (ok) setPassword('');
    };
    void saveCredentials(name, password)
      .then(done)
      .catch((error: unknown) => {
        if (error instanceof PosCallError && error.code === 'forbidden')
          askManager('Store the gateway credentials', (managerPin) =>
            saveCredentials(name, password, managerPin).then(done),
          );
      });
  };
  // Enter here stores the credentials rather than saving the settings form around it.
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    event.stopPropagation();
    store();
  };
  const described = (field: CredentialField) =>
    [`gateway-${field}-hint`, shown?.field === field ? 'credentials-error' : ''].filter(Boolean).join(' ');

  return (
    <fieldset ref={fieldsetRef} className="credentials" onKeyDown={onKeyDown} aria-busy={storing || testing}>
      <legend>Gateway credentials</legend>
      <p className="setting-hint" data-testid="credentials-stored">
        {credentials?.username ? `Stored for user ${credentials.username}.` : 'No user name is stored.'}{' '}
        {credentials?.passwordSet ? 'A password is stored.' : 'No password is stored: live sales need one.'} They are
        kept in the secret store, never in settings.json or on this screen. Test credentials tries the stored ones: save
        new ones first.
      </p>
      <div className="setting">
        <label htmlFor="gateway-username">Gateway user name</label>
        <input
          id="gateway-username"
          autoComplete="off"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-invalid={shown?.field === 'username'}
          aria-describedby={described('username')}
        />
        <p id="gateway-username-hint" className="setting-hint">
          The API user the gateway provider gave for this merchant.
        </p>
      </div>
      <div className="setting">
        <label htmlFor="gateway-password">Gateway password</label>
        <input
          id="gateway-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={shown?.field === 'password'}
          aria-describedby={described('password')}
        />
        <p id="gateway-password-hint" className="setting-hint">
          Typed again each time: the stored one is never shown.
        </p>
      </div>
      {shown ? (
        <p id="credentials-error" role="alert" className="setting-error">
          {shown.field === null ? `${shown.message} Nothing was stored.` : shown.message}
        </p>
      ) : null}
      <div className="settings-actions">
        <button type="button" onClick={store} aria-disabled={storing} aria-busy={storing}>
          {storing ? 'Storing\u2026' : 'Save credentials'} <kbd>Enter</kbd>
        </button>
        <button
          type="button"
          onClick={() => void (testing ? undefined : testCredentials())}
          aria-disabled={testing}
          aria-busy={testing}
          data-testid="test-credentials"
        >
          {testing ? 'Asking the gateway\u2026' : 'Test credentials'} <kbd>Alt+T</kbd>
        </button>
      </div>
      {test && !testing ? (
        <p
          role={test.ok ? 'status' : 'alert'}
          className={test.ok ? 'setting-ok' : 'setting-error'}
          data-testid="credential-test"
        >
          {test.ok ? 'Test passed: ' : 'Test failed: '}
          {test.message}
        </p>
      ) : null}
    </fieldset>
  );
}
