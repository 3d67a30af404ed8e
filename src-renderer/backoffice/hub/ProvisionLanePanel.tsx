import { useEffect, useState, type FormEvent } from 'react';
import { ActionResult } from '../components/ActionResult';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { IntegratedTerminalFields, ownReader, type CardTaking } from './IntegratedTerminalFields';

/**
 * A new lane on the hub under the boarded merchant: the hub makes its key, and the back office
 * hands the provisioning file (version 2; version 3 when the lane takes cards on an integrated
 * terminal, with the terminal's API key) to the manager once, keeping no copy.
 */
export function ProvisionLanePanel({ storeId }: { storeId: string }) {
  const run = useBackOffice((state) => state.run);
  const [form, setForm] = useState({ name: '', kind: 'counter' as 'counter' | 'kiosk' });
  const [cards, setCards] = useState<CardTaking>(ownReader);
  const [withTerminal, setWithTerminal] = useState(false);
  const [download, setDownload] = useState<{ href: string; fileName: string } | null>(null);
  const provision = useAction();
  useEffect(() => () => (download ? URL.revokeObjectURL(download.href) : undefined), [download]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void provision.run(async () => {
      if (form.name.trim() === '') throw new Error('Lane name: required.');
      const terminal = cards.device === 'integrated-terminal';
      if (terminal && cards.hsn === '') throw new Error('Terminal (HSN): list the terminals and choose one.');
      const made = await run('hub.provisionLane', {
        storeId,
        name: form.name.trim(),
        kind: form.kind,
        ...(terminal
          ? {
              integratedTerminal: {
                baseUrl: cards.baseUrl.trim(),
                merchantId: cards.merchantId.trim(),
                hsn: cards.hsn,
              },
            }
          : {}),
      });
      const href = URL.createObjectURL(new Blob([made.content], { type: 'application/json' }));
      setDownload({ href, fileName: made.fileName });
      setWithTerminal(terminal);
      return `Lane ${made.lane.name} (${made.lane.id}) is on the hub${
        terminal ? ` and takes cards on terminal ${cards.hsn}` : ''
      }: save its file now and run “lanepoint provision ${made.fileName}” on that lane.`;
    });
  };
  return (
    <section className="bo-panel" aria-labelledby="hub-provision-heading">
      <h2 id="hub-provision-heading">Provision a lane</h2>
      <form className="bo-form" noValidate onSubmit={submit}>
        <div className="bo-field">
          <label htmlFor="hub-lane-name">Lane name</label>
          <input
            id="hub-lane-name"
            autoComplete="off"
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
        </div>
        <div className="bo-field">
          <label htmlFor="hub-lane-kind">Kind</label>
          <select
            id="hub-lane-kind"
            value={form.kind}
            onChange={(event) => setForm({ ...form, kind: event.target.value as 'counter' | 'kiosk' })}
          >
            <option value="counter">Counter</option>
            <option value="kiosk">Kiosk</option>
          </select>
        </div>
        <IntegratedTerminalFields storeId={storeId} value={cards} onChange={setCards} />
        <div className="bo-actions">
          <button type="submit" className="primary" disabled={provision.busy}>
            Create the lane on the hub
          </button>
        </div>
        <ActionResult action={provision} />
      </form>
      {download ? (
        <div className="bo-warn" role="note">
          <p>
            This file holds the lane&rsquo;s key to the hub{withTerminal ? ' and the Terminal API key' : ''}. It is
            shown once: the back office keeps no copy. Save it, give it only to that lane, and delete it once the lane
            is provisioned.
          </p>
          <a href={download.href} download={download.fileName}>
            Save {download.fileName}
          </a>
        </div>
      ) : null}
    </section>
  );
}
