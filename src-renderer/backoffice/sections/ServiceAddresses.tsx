import { useState, type FormEvent } from 'react';
import { SubmitRow } from '../components/ActionResult';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';

const fields = [
  ['boardingUrl', 'Boarding service URL', 'The API root the reseller was given, https (http only to this computer).'],
  [
    'authUrl',
    'Sign-in (token) URL',
    'Only when the service signs in somewhere else than its API root; else leave empty.',
  ],
  ['gatewayUrl', 'Gateway URL for lanes', 'What a provisioned lane is given to reach the payment gateway.'],
] as const;

type Addresses = Record<(typeof fields)[number][0], string>;

/** A key that changes with the saved addresses, so the form starts again from them. */
export function serviceAddressesKey(status: { boardingUrl: string; authUrl: string; gatewayUrl: string } | null) {
  return status ? `${status.boardingUrl} ${status.authUrl} ${status.gatewayUrl}` : 'none';
}

/**
 * Where a live back office boards: the service's addresses, saved in the back office's own
 * settings (not secrets). Training sets its own and shows them without a way to change them.
 */
export function ServiceAddresses() {
  const run = useBackOffice((state) => state.run);
  const status = useBackOffice((state) => state.status);
  const loadStatus = useBackOffice((state) => state.loadStatus);
  const training = status?.training ?? false;
  // The saved addresses; the screen remounts this form when the status brings others (serviceAddressesKey).
  const [form, setForm] = useState<Addresses>(() => ({
    boardingUrl: status?.boardingUrl ?? '',
    authUrl: status?.authUrl ?? '',
    gatewayUrl: status?.gatewayUrl ?? '',
  }));
  const save = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save.run(async () => {
      await run('backoffice.configure', form);
      await loadStatus();
      return 'Saved: the back office boards at these addresses from now on.';
    });
  };
  return (
    <form className="bo-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="addresses-heading">
      <h2 id="addresses-heading">Where it boards</h2>
      <fieldset disabled={training} className="bo-plain">
        {training ? (
          <p className="bo-note">Training runs its own boarding service and gateway on this computer.</p>
        ) : null}
        {fields.map(([name, label, hint]) => (
          <div className="bo-field" key={name}>
            <label htmlFor={`addr-${name}`}>{label}</label>
            <input
              id={`addr-${name}`}
              type="url"
              autoComplete="off"
              spellCheck={false}
              value={form[name]}
              aria-describedby={`addr-${name}-hint`}
              onChange={(event) => setForm({ ...form, [name]: event.target.value })}
            />
            <p className="bo-hint" id={`addr-${name}-hint`}>
              {hint}
            </p>
          </div>
        ))}
      </fieldset>
      <SubmitRow label="Save addresses" action={save} primary disabled={training} />
    </form>
  );
}
