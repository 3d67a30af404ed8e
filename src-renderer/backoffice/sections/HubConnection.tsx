import { useState, type FormEvent } from 'react';
import { SubmitRow } from '../components/ActionResult';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';

/**
 * The store hub's address (the back office's settings) and its admin key (its secret store,
 * entered here once and never shown again: the form only replaces it).
 */
export function HubConnection() {
  const run = useBackOffice((state) => state.run);
  const status = useBackOffice((state) => state.status);
  const loadStatus = useBackOffice((state) => state.loadStatus);
  const [hubUrl, setHubUrl] = useState(status?.hub.url ?? '');
  const [adminKey, setAdminKey] = useState('');
  const save = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save.run(async () => {
      await run('backoffice.configure', { hubUrl: hubUrl.trim() });
      if (adminKey.trim() !== '') await run('hub.setAdminKey', { adminKey: adminKey.trim() });
      setAdminKey('');
      await loadStatus();
      return hubUrl.trim() === '' ? 'Saved: no store hub.' : 'Saved: the Store hub screen reads this hub.';
    });
  };
  return (
    <form
      className="bo-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="hub-connection-heading"
    >
      <h2 id="hub-connection-heading">Store hub</h2>
      <p className="bo-note">
        {status?.hub.adminKeySet
          ? 'The hub’s admin key is saved. Enter a new one to replace it.'
          : 'No admin key saved yet.'}
      </p>
      <div className="bo-field">
        <label htmlFor="hub-url">Hub URL</label>
        <input
          id="hub-url"
          type="url"
          autoComplete="off"
          spellCheck={false}
          value={hubUrl}
          aria-describedby="hub-url-hint"
          onChange={(event) => setHubUrl(event.target.value)}
        />
        <p className="bo-hint" id="hub-url-hint">
          Where “lanepoint hub” listens, https (http only to this computer); empty for no hub.
        </p>
      </div>
      <div className="bo-field">
        <label htmlFor="hub-admin-key">Admin key</label>
        <input
          id="hub-admin-key"
          type="password"
          autoComplete="off"
          value={adminKey}
          aria-describedby="hub-admin-key-hint"
          onChange={(event) => setAdminKey(event.target.value)}
        />
        <p className="bo-hint" id="hub-admin-key-hint">
          Printed by “lanepoint hub --admin-key” on the hub&rsquo;s machine.
        </p>
      </div>
      <SubmitRow label="Save hub" action={save} />
    </form>
  );
}
