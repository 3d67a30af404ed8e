import { ColumnHeads } from '../../components/ColumnHeads';
import { ActionResult } from '../components/ActionResult';
import type { BackOfficeCommandResult } from '../api-types';
import { useBackOffice } from '../store';
import { ago } from './format';
import { useHubLoad } from './use-hub-load';

type Lane = BackOfficeCommandResult<'hub.lanes'>[number];

function readers(lane: Lane): string {
  const list = lane.status?.readers ?? [];
  return list.length === 0 ? 'none reported' : list.map((reader) => `${reader.name}: ${reader.state}`).join(', ');
}

function printer(lane: Lane): string {
  const state = lane.status?.printer;
  if (!state) return 'none reported';
  return state.paper && state.paper !== 'ok' ? `${state.state}, paper ${state.paper}` : state.state;
}

/** Each lane's health as the hub last heard it: when, its devices, its offline queue, its settings. */
export function LanesPanel({ storeId, now }: { storeId: string; now?: number }) {
  const run = useBackOffice((state) => state.run);
  const { value: lanes, action: load, reload, loadedAt } = useHubLoad(() => run('hub.lanes', { storeId }), storeId);
  return (
    <section className="bo-panel" aria-labelledby="hub-lanes-heading">
      <h2 id="hub-lanes-heading">Lanes</h2>
      <div className="bo-actions">
        <button type="button" onClick={reload} disabled={load.busy}>
          Refresh
        </button>
      </div>
      <ActionResult action={load} />
      {lanes && lanes.length === 0 ? <p className="bo-note">No lanes in store {storeId} yet: provision one.</p> : null}
      {lanes && lanes.length > 0 ? (
        <table className="bo-table">
          <caption>
            {lanes.length} lane{lanes.length === 1 ? '' : 's'} in store {storeId}
          </caption>
          <ColumnHeads
            names={['Lane', 'Kind', 'Last seen', 'Readers', 'Printer', 'Offline queue', 'Settings', 'Journal']}
          />
          <tbody>
            {lanes.map((lane) => (
              <tr key={lane.id}>
                <td>
                  {lane.name}
                  <div className="bo-hint">{lane.id}</div>
                </td>
                <td>{lane.kind}</td>
                <td>{ago(lane.lastSeenAt, now ?? loadedAt)}</td>
                <td>{readers(lane)}</td>
                <td>{printer(lane)}</td>
                <td>{lane.status?.offlineQueue ?? '—'}</td>
                <td>
                  {lane.settingsVersion === null ? 'none applied' : `version ${lane.settingsVersion}`}
                  {lane.settingsRefused ? (
                    <div className="bo-error">
                      Refused version {lane.settingsRefused.version}: {lane.settingsRefused.reason}
                    </div>
                  ) : null}
                </td>
                <td>
                  {lane.journalReplaced ? (
                    <span className="bo-error">Journal replaced: the lane sends from another journal</span>
                  ) : (
                    `${lane.lastSeq} events received`
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
