import { ColumnHeads } from '../../components/ColumnHeads';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { StatusBadge } from '../components/StatusBadge';
import type { ApplicationSummary } from '../api-types';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { ActionResult } from '../components/ActionResult';

/**
 * Every application this back office made, newest first, with its boarding status; a search by
 * name or merchant id. Enter on a row's name opens it.
 */
export function ApplicationsScreen() {
  const run = useBackOffice((state) => state.run);
  const live = useBackOffice((state) => state.live);
  const openApplication = useBackOffice((state) => state.openApplication);
  const go = useBackOffice((state) => state.go);
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<ApplicationSummary[] | null>(null);
  const load = useAction();
  const searchField = useRef<HTMLInputElement>(null);

  const find = useCallback(
    (text: string) =>
      load.run(async () => {
        setRows([...(await run('applications.list', { search: text.trim(), pageSize: 100 })).rows]);
      }),
    // `load.run` is stable; the action object itself changes with its state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [run],
  );
  useEffect(() => {
    searchField.current?.focus();
    void find('');
  }, [find]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void find(search);
  };
  return (
    <section className="bo-screen" aria-labelledby="applications-heading">
      <h1 id="applications-heading">Applications</h1>
      <form className="bo-inline" role="search" onSubmit={submit}>
        <label>
          Search by name or merchant id
          <input ref={searchField} value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <button type="submit">
          Search <kbd>Enter</kbd>
        </button>
        <button type="button" className="primary" onClick={() => go('new-application')}>
          New application <kbd>Alt+2</kbd>
        </button>
      </form>
      <ActionResult action={load} />
      {rows && rows.length === 0 ? (
        <p className="bo-note">
          {search.trim() ? `No application matches \u201c${search.trim()}\u201d.` : 'No applications yet.'}
        </p>
      ) : null}
      {rows && rows.length > 0 ? (
        <table className="bo-table">
          <caption>
            {rows.length} application{rows.length === 1 ? '' : 's'}
          </caption>
          <ColumnHeads names={['Business', 'Merchant id', 'Status', 'Gateway', 'Gateway merchant id']} />
          <tbody>
            {rows.map((row) => {
              const now = live[row.merchantId]?.current ?? row;
              return (
                <tr key={row.merchantId}>
                  <td>
                    <button type="button" className="link" onClick={() => openApplication(row.merchantId)}>
                      {row.dbaName}
                    </button>
                    <div className="bo-hint">Created {new Date(row.createdAt).toLocaleDateString()}</div>
                  </td>
                  <td>{row.merchantId}</td>
                  <td>
                    <StatusBadge code={now.status} />
                  </td>
                  <td>{now.gatewayStatus === 'BOARDED' ? 'Boarded' : 'Not boarded'}</td>
                  <td>{now.gatewayMerchantId ?? '\u2014'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
