import { useState } from 'react';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ActionResult } from '../components/ActionResult';
import { DayField } from './DayField';
import type { BackOfficeCommandResult } from '../api-types';
import { useBackOffice } from '../store';
import { money, today } from './format';
import { useHubLoad } from './use-hub-load';

type Day = BackOfficeCommandResult<'hub.day'>;
type Totals = Day['totals'];

const columns = ['Card sales', 'Refunds', 'Voids', 'Cash sales', 'Cash returned', 'Tips', 'Offline stored', 'Unknown'];

function TotalsCells({ totals }: { totals: Totals }) {
  return (
    <>
      <td className="money">
        {money(totals.cardSalesMinor)} ({totals.cardSalesCount})
      </td>
      <td className="money">
        {money(totals.refundsMinor)} ({totals.refundsCount})
      </td>
      <td className="money">
        {money(totals.voidsMinor)} ({totals.voidsCount})
      </td>
      <td className="money">{money(totals.cashSalesMinor)}</td>
      <td className="money">{money(totals.cashReturnedMinor)}</td>
      <td className="money">{money(totals.tipsMinor)}</td>
      <td className="money">{money(totals.offlineStoredMinor)}</td>
      <td>{totals.unknownCount}</td>
    </>
  );
}

/** A settlement or funding line from the gateway, field by field; amounts in minor units as money. */
function Reconciliation({ label, line }: { label: string; line: Record<string, unknown> | null | undefined }) {
  if (!line) return <span className="bo-hint">{label}: not yet</span>;
  const shown = Object.entries(line)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(
      ([key, value]) => `${key} ${key.endsWith('Minor') && typeof value === 'number' ? money(value) : String(value)}`,
    );
  return (
    <span>
      {label}: {shown.join(', ')}
    </span>
  );
}

/** The end of day across the store's lanes: per lane, per merchant reconciled with the gateway, store totals. */
export function DayPanel({ storeId }: { storeId: string }) {
  const run = useBackOffice((state) => state.run);
  const [day, setDay] = useState(today());
  const { value: view, action: load } = useHubLoad(() => run('hub.day', { storeId, day }), `${storeId} ${day}`);
  return (
    <section className="bo-panel" aria-labelledby="hub-day-heading">
      <h2 id="hub-day-heading">End of day</h2>
      <div className="bo-inline">
        <DayField day={day} onDay={setDay} />
      </div>
      <ActionResult action={load} />
      {view ? (
        <>
          <table className="bo-table">
            <caption>Per lane, {view.day}</caption>
            <ColumnHeads names={['Lane', ...columns]} money={columns.slice(0, 7)} />
            <tbody>
              {view.lanes.map((lane) => (
                <tr key={lane.laneId}>
                  <th scope="row">
                    {lane.name ?? lane.laneId}
                    {lane.name ? <div className="bo-hint">{lane.laneId}</div> : null}
                  </th>
                  <TotalsCells totals={lane.totals} />
                </tr>
              ))}
              <tr>
                <th scope="row">Store total</th>
                <TotalsCells totals={view.totals} />
              </tr>
            </tbody>
          </table>
          <table className="bo-table">
            <caption>Per merchant, with the gateway&rsquo;s settlement and funding</caption>
            <ColumnHeads
              names={['Merchant', 'Card sales', 'Refunds', 'Reconciliation']}
              money={['Card sales', 'Refunds']}
            />
            <tbody>
              {view.merchants.map((merchant) => (
                <tr key={merchant.merchantId}>
                  <th scope="row">{merchant.merchantId}</th>
                  <td className="money">{money(merchant.totals.cardSalesMinor)}</td>
                  <td className="money">{money(merchant.totals.refundsMinor)}</td>
                  <td>
                    <Reconciliation label="Settlement" line={merchant.settlement} />
                    <br />
                    <Reconciliation label="Funding" line={merchant.funding} />
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
