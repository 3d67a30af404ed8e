import { useState, type FormEvent } from 'react';
import { SubmitRow } from '../components/ActionResult';
import { SettingField } from '../components/SettingField';
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
      <SettingField
        id="hub-url"
        label="Hub URL"
        type="url"
        value={hubUrl}
        onChange={setHubUrl}
        hint="Where “lanepoint hub” listens, https (http only to this computer); empty for no hub."
      />
      <SettingField
        id="hub-admin-key"
        label="Admin key"
        type="password"
        value={adminKey}
        onChange={setAdminKey}
        hint="Printed by “lanepoint hub --admin-key” on the hub’s machine."
      />
      <SubmitRow label="Save hub" action={save} />
    </form>
  );
}
