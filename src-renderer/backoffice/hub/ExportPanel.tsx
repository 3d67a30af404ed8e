import { useEffect, useState } from 'react';
import { ActionResult } from '../components/ActionResult';
import { DayField } from './DayField';
import { useAction } from '../use-action';
import { today } from './format';

// The contract's hubExportPath and sessionTokenHeader: values the page may not import (types only).
const exportPath = '/hub/export.csv';
const tokenHeader = 'x-lanepoint-token';

/**
 * The day's payments as CSV for accounting. The back office host fetches it from the hub with
 * the admin key; the page asks with its session token (a plain link could not carry it) and
 * offers the answer as a file to save.
 */
export function ExportPanel({ storeId, token }: { storeId: string; token: string }) {
  const [day, setDay] = useState(today());
  const [download, setDownload] = useState<{ href: string; fileName: string } | null>(null);
  const fetched = useAction();
  useEffect(() => () => (download ? URL.revokeObjectURL(download.href) : undefined), [download]);
  const prepare = () =>
    void fetched.run(async () => {
      const query = new URLSearchParams({ store: storeId, day });
      const answer = await fetch(`${exportPath}?${query.toString()}`, {
        method: 'POST',
        headers: { [tokenHeader]: token },
      });
      if (!answer.ok) {
        const body = (await answer.json().catch(() => ({}))) as { error?: { message?: string } };
        throw new Error(body.error?.message ?? `The export was refused (HTTP ${answer.status}).`);
      }
      const blob = await answer.blob();
      setDownload({ href: URL.createObjectURL(blob), fileName: `sales-${storeId}-${day}.csv` });
      return null;
    });
  return (
    <section className="bo-panel" aria-labelledby="hub-export-heading">
      <h2 id="hub-export-heading">Export CSV</h2>
      <div className="bo-inline">
        <DayField day={day} onDay={setDay} />
        <button type="button" onClick={prepare} disabled={fetched.busy}>
          Prepare the CSV
        </button>
        {download ? (
          <a href={download.href} download={download.fileName}>
            Save {download.fileName}
          </a>
        ) : null}
      </div>
      <ActionResult action={fetched} />
    </section>
  );
}
