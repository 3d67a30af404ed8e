import { ColumnHeads } from '../../components/ColumnHeads';
import { useEffect, useState } from 'react';
import { ActionResult } from '../components/ActionResult';
import type { EquipmentView, PageView } from '../api-types';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { formatMoney } from '../../../src-main/platform/money';

const pageSize = 10;

/** The equipment the sales code may order, a page at a time, with one-time, monthly and shipping prices. */
export function EquipmentScreen() {
  const run = useBackOffice((state) => state.run);
  const [pageNumber, setPageNumber] = useState(1);
  const [page, setPage] = useState<PageView<EquipmentView> | null>(null);
  const trainingCodes = useBackOffice((state) => state.status?.trainingChoices?.salesCodes);
  const [salesCode, setSalesCode] = useState('');
  const code = salesCode || trainingCodes?.[0] || '';
  const load = useAction();
  useEffect(() => {
    if (!code) return;
    void load.run(async () => setPage(await run('equipment.catalog', { salesCode: code, pageNumber, pageSize })));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [run, pageNumber, code]);
  return (
    <section className="bo-screen" aria-labelledby="equipment-heading">
      <h1 id="equipment-heading">Equipment catalog</h1>
      <p className="bo-intro">
        What a sales code may order. Order equipment for a merchant from its application&rsquo;s page.
      </p>
      <div className="bo-inline">
        <label>
          Sales code
          <input
            value={code}
            maxLength={25}
            onChange={(event) => {
              setPageNumber(1);
              setSalesCode(event.target.value);
            }}
          />
        </label>
      </div>
      <ActionResult action={load} />
      {page ? (
        <table className="bo-table">
          <caption>
            Page {page.pageNumber}: {page.rows.length} of {page.totalServerItemsCount} items
          </caption>
          <ColumnHeads
            names={['Equipment', 'Type', 'Make and model', 'One time', 'Monthly']}
            money={['One time', 'Monthly']}
          />
          <tbody>
            {page.rows.map((item) => (
              <tr key={item.equipmentId}>
                <td>
                  <strong>{item.equipmentName}</strong>
                  <div className="bo-hint">{item.description}</div>
                </td>
                <td>{item.equipmentTypeCd}</td>
                <td>
                  {item.make} {item.model}
                </td>
                <td className="money">{formatMoney(item.defaultPriceMinor)}</td>
                <td className="money">
                  {item.allowCustomBillingFlg ? formatMoney(item.defaultPlanPriceMinor) : '\u2014'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="bo-actions">
        <button type="button" disabled={pageNumber === 1 || load.busy} onClick={() => setPageNumber(pageNumber - 1)}>
          Previous page
        </button>
        <span>Page {pageNumber}</span>
        <button
          type="button"
          disabled={!page?.moreRowsAvailable || load.busy}
          onClick={() => setPageNumber(pageNumber + 1)}
        >
          Next page
        </button>
      </div>
    </section>
  );
}
