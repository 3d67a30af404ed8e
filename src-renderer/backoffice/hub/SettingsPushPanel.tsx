import { useState, type FormEvent } from 'react';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ActionResult } from '../components/ActionResult';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { when } from './format';
import { useHubLoad } from './use-hub-load';

const example = '{\n  "settings": {\n    \n  }\n}\n';

/** What is wrong with the text before it is sent, in words; null when it is a settings document. */
export function settingsDocumentProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return `Not JSON: ${(error as Error).message}`;
  }
  const settings = (parsed as { settings?: unknown } | null)?.settings;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return 'Expected a JSON object like {"settings": {…}}.';
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
    return 'Expected "settings": an object of lane settings by name.';
  return null;
}

/** Settings pushed to every lane of the store: a JSON document checked before it goes, the history, each lane's answer. */
export function SettingsPushPanel({ storeId }: { storeId: string }) {
  const run = useBackOffice((state) => state.run);
  const [text, setText] = useState(example);
  const [problem, setProblem] = useState<string | null>(null);
  const push = useAction();
  const { value: overview, action: load, reload } = useHubLoad(() => run('hub.pushes', { storeId }), storeId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = settingsDocumentProblem(text);
    setProblem(found);
    if (found) return;
    void push.run(async () => {
      const { version } = await run('hub.pushSettings', {
        storeId,
        document: JSON.parse(text) as { settings: Record<string, unknown> },
      });
      reload();
      return `Pushed as version ${version}: each lane applies it when it next asks, or refuses it with a reason.`;
    });
  };
  return (
    <section className="bo-panel" aria-labelledby="hub-settings-heading">
      <h2 id="hub-settings-heading">Settings push</h2>
      <form className="bo-form" noValidate onSubmit={submit}>
        <div className="bo-field">
          <label htmlFor="hub-settings-document">Settings document (JSON)</label>
          <textarea
            id="hub-settings-document"
            rows={10}
            spellCheck={false}
            value={text}
            aria-invalid={problem !== null}
            aria-describedby={
              problem ? 'hub-settings-document-hint hub-settings-document-problem' : 'hub-settings-document-hint'
            }
            onChange={(event) => setText(event.target.value)}
          />
          <p className="bo-hint" id="hub-settings-document-hint">
            Top-level lane settings by name, e.g. {'{"settings": {"receipt": {"footer": "Thank you"}}}'}.
          </p>
          {problem ? (
            <p className="bo-error" id="hub-settings-document-problem" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="bo-actions">
          <button type="submit" className="primary" disabled={push.busy}>
            Push to every lane
          </button>
        </div>
        <ActionResult action={push} />
      </form>
      <ActionResult action={load} />
      {overview ? (
        <>
          <table className="bo-table">
            <caption>Each lane&rsquo;s settings</caption>
            <ColumnHeads names={['Lane', 'Runs version', 'Refused']} />
            <tbody>
              {overview.lanes.map((lane) => (
                <tr key={lane.laneId}>
                  <th scope="row">{lane.laneId}</th>
                  <td>{lane.settingsVersion ?? 'none'}</td>
                  <td>
                    {lane.settingsRefused ? (
                      <span className="bo-error">
                        Version {lane.settingsRefused.version}: {lane.settingsRefused.reason}
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="bo-table">
            <caption>Push history</caption>
            <ColumnHeads names={['Version', 'Pushed', 'By', 'Document']} />
            <tbody>
              {[...overview.pushes].reverse().map((pushed) => (
                <tr key={pushed.version}>
                  <th scope="row">{pushed.version}</th>
                  <td>{when(pushed.pushedAt)}</td>
                  <td>{pushed.pushedBy ?? '—'}</td>
                  <td>
                    <code>{JSON.stringify(pushed.document)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
