import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { PosCallError } from '../../pos/call-error';
import { usePos } from '../../store/use-pos';
import type { AskManager } from '../history/OrderDetail';

/** The live gateway's user name and password, to the secret store; never shown back. And a test of what a sale would meet. */
export function CredentialsForm({ askManager }: { askManager: AskManager }) {
  const { credentials, test, busy } = usePos(useShallow((state) => ({ credentials: state.settingsView?.credentials ?? null, test: state.credentialTest, busy: state.settingsBusy })));
  const saveCredentials = usePos((state) => state.saveCredentials);
  const testCredentials = usePos((state) => state.testCredentials);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() === '' || password === '') return setProblem('Enter both the gateway user name and its password.');
    setProblem(null);
    const done = (ok: boolean) => {
      if (ok) setPassword('');
    };
    void saveCredentials(username.trim(), password)
      .then(done)
      .catch((refusal: unknown) => {
        if (refusal instanceof PosCallError && refusal.code === 'forbidden') askManager('Store the gateway credentials', (managerPin) => saveCredentials(username.trim(), password, managerPin).then(done));
      });
  };
  return (
    <form className="settings-form credentials-form" onSubmit={submit}>
      <fieldset>
        <legend>Gateway credentials</legend>
        <p className="setting-hint">
          {credentials?.username ? `Stored for ${credentials.username}${credentials.passwordSet ? ', with a password' : ', without a password'}.` : 'None stored: live sales need them.'} They go to the secret store, never to settings.json or this screen.
        </p>
        <div className="setting">
          <label htmlFor="gateway-username">User name</label>
          <input id="gateway-username" autoComplete="off" value={username} onChange={(event) => setUsername(event.target.value)} />
        </div>
        <div className="setting">
          <label htmlFor="gateway-password">Password</label>
          <input id="gateway-password" type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </div>
        {problem ? <p role="alert" className="setting-error">{problem}</p> : null}
        <div className="settings-actions">
          <button type="submit" disabled={busy}>
            Save credentials
          </button>
          <button type="button" disabled={busy} onClick={() => void testCredentials()} data-testid="test-credentials">
            Test credentials
          </button>
        </div>
        {test ? (
          <p role={test.ok ? 'status' : 'alert'} className={test.ok ? 'setting-ok' : 'setting-error'} data-testid="credential-test">
            {test.message}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
