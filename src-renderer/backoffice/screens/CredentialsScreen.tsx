import { useState, type FormEvent } from 'react';
import { SubmitRow } from '../components/ActionResult';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { ServiceAddresses, serviceAddressesKey } from '../sections/ServiceAddresses';
import { HubConnection } from '../sections/HubConnection';

/**
 * The reseller's API user and client secret for the boarding service. They go to the back
 * office's own secret store and are never shown again, not even here: the form only replaces them.
 */
export function CredentialsScreen() {
  const run = useBackOffice((state) => state.run);
  const status = useBackOffice((state) => state.status);
  // Training signs in to its own boarding service: a form that seemed to take credentials there would mislead.
  const training = status?.training ?? false;
  const loadStatus = useBackOffice((state) => state.loadStatus);
  const [form, setForm] = useState({ username: '', password: '', clientSecret: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = (['username', 'password', 'clientSecret'] as const).filter((field) => form[field].trim() === '');
    const words = { username: 'API user name', password: 'Password', clientSecret: 'Client secret' };
    if (missing.length > 0) return setProblem(`${missing.map((field) => words[field]).join(', ')}: required.`);
    setProblem(null);
    await save.run(async () => {
      await run('credentials.set', form);
      setForm({ username: '', password: '', clientSecret: '' });
      await loadStatus();
      return 'Saved to the back office\u2019s secret store.';
    });
  };
  const field = (name: keyof typeof form, label: string, type: string, hint?: string) => (
    <div className="bo-field">
      <label htmlFor={`cred-${name}`}>{label}</label>
      <input
        id={`cred-${name}`}
        type={type}
        autoComplete="off"
        value={form[name]}
        aria-describedby={hint ? `cred-${name}-hint` : undefined}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      />
      {hint ? (
        <p className="bo-hint" id={`cred-${name}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
  return (
    <section className="bo-screen" aria-labelledby="credentials-heading">
      <h1 id="credentials-heading">Boarding credentials and addresses</h1>
      <p className="bo-intro">
        {training
          ? 'Training uses the built-in boarding service: no credentials are needed, and none can be entered here.'
          : status?.credentials.set
            ? 'Credentials are saved. Enter new ones to replace them.'
            : 'No credentials yet: the back office cannot reach the boarding service until they are saved.'}
      </p>
      <form className="bo-form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset disabled={training}>
          <legend>API user</legend>
          {field(
            'username',
            'API user name',
            'text',
            'A dedicated API user: a web sign-in with two-factor authentication cannot use the API.',
          )}
          {field('password', 'Password', 'password')}
          {field('clientSecret', 'Client secret', 'password', 'Issued when the API access was registered.')}
        </fieldset>
        {problem ? (
          <p className="bo-error" role="alert">
            {problem}
          </p>
        ) : null}
        <SubmitRow label="Save credentials" action={save} primary disabled={training} />
      </form>
      <ServiceAddresses key={serviceAddressesKey(status ?? null)} />
      <HubConnection key={`hub ${status?.hub.url ?? ''}`} />
    </section>
  );
}
