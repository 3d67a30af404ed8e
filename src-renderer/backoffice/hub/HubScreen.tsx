import { useState, type FormEvent } from 'react';
import { ActionResult } from '../components/ActionResult';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { DayPanel } from './DayPanel';
import { ExportPanel } from './ExportPanel';
import { LanesPanel } from './LanesPanel';
import { ProvisionLanePanel } from './ProvisionLanePanel';
import { SalesPanel } from './SalesPanel';
import { SettingsPushPanel } from './SettingsPushPanel';
import { ShiftsPanel } from './ShiftsPanel';

const panels = [
  ['lanes', 'Lanes'],
  ['sales', 'Sales'],
  ['day', 'End of day'],
  ['shifts', 'Shifts'],
  ['settings', 'Settings push'],
  ['export', 'Export CSV'],
  ['provision', 'Provision a lane'],
] as const;
type Panel = (typeof panels)[number][0];

/** Which store the screens show, and a new store made on the hub. */
function StoreBar() {
  const run = useBackOffice((state) => state.run);
  const storeId = useBackOffice((state) => state.hubStoreId);
  const setStoreId = useBackOffice((state) => state.setHubStoreId);
  const [typed, setTyped] = useState(storeId);
  const [name, setName] = useState('');
  const create = useAction();
  const choose = (event: FormEvent) => {
    event.preventDefault();
    setStoreId(typed.trim());
  };
  return (
    <div className="bo-panel">
      <form className="bo-inline" onSubmit={choose}>
        <label>
          Store id
          <input
            value={typed}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit">Show this store</button>
      </form>
      <details>
        <summary>New store on the hub</summary>
        <form
          className="bo-inline"
          onSubmit={(event) => {
            event.preventDefault();
            void create.run(async () => {
              const store = await run('hub.createStore', { id: typed.trim(), name: name.trim() });
              setStoreId(store.id);
              return `Store ${store.id} (${store.name}) is on the hub.`;
            });
          }}
        >
          <label>
            Store name
            <input value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <button type="submit" disabled={create.busy}>
            Create store with the id above
          </button>
        </form>
        <ActionResult action={create} />
      </details>
    </div>
  );
}

/**
 * The store hub as the store manager sees it (ADR 083): every lane of the store, its sales, end
 * of day, shifts, settings pushes, the CSV export and provisioning a lane. The hub itself has no
 * screens; the back office reads its manager API with the admin key it keeps.
 */
export function HubScreen({ token }: { token: string }) {
  const hub = useBackOffice((state) => state.status?.hub);
  const storeId = useBackOffice((state) => state.hubStoreId);
  const go = useBackOffice((state) => state.go);
  const [panel, setPanel] = useState<Panel>('lanes');
  if (!hub?.url || !hub.adminKeySet)
    return (
      <section className="bo-screen" aria-labelledby="hub-heading">
        <h1 id="hub-heading">Store hub</h1>
        <p className="bo-intro">
          {hub?.url
            ? `The hub at ${hub.url} needs its admin key before the back office can read it.`
            : 'No store hub is connected.'}{' '}
          Start one with “lanepoint hub” on the store’s server, print its admin key with “lanepoint hub --admin-key”,
          and enter both under Credentials.
        </p>
        <div className="bo-actions">
          <button type="button" className="primary" onClick={() => go('credentials')}>
            Enter the hub’s address and key
          </button>
        </div>
      </section>
    );
  return (
    <section className="bo-screen" aria-labelledby="hub-heading">
      <h1 id="hub-heading">Store hub</h1>
      <p className="bo-intro">Hub at {hub.url}.</p>
      <StoreBar />
      <nav aria-label="Store hub" className="bo-subnav">
        <ul>
          {panels.map(([name, label]) => (
            <li key={name}>
              <button
                type="button"
                aria-current={panel === name ? 'page' : undefined}
                className={panel === name ? 'primary' : undefined}
                onClick={() => setPanel(name)}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {storeId === '' ? (
        <p className="bo-note">Enter the store id to see its lanes and sales.</p>
      ) : (
        <HubPanel key={`${panel} ${storeId}`} panel={panel} storeId={storeId} token={token} />
      )}
    </section>
  );
}

function HubPanel({ panel, storeId, token }: { panel: Panel; storeId: string; token: string }) {
  switch (panel) {
    case 'lanes':
      return <LanesPanel storeId={storeId} />;
    case 'sales':
      return <SalesPanel storeId={storeId} />;
    case 'day':
      return <DayPanel storeId={storeId} />;
    case 'shifts':
      return <ShiftsPanel storeId={storeId} />;
    case 'settings':
      return <SettingsPushPanel storeId={storeId} />;
    case 'export':
      return <ExportPanel storeId={storeId} token={token} />;
    case 'provision':
      return <ProvisionLanePanel storeId={storeId} />;
  }
}
