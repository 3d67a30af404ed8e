import { useState, type FormEvent } from 'react';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ActionResult } from '../components/ActionResult';
import type { BackOfficeCommandResult } from '../api-types';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { money, when } from './format';
import { useHubLoad } from './use-hub-load';

type Sale = BackOfficeCommandResult<'hub.sales'>[number];
type SaleDetail = BackOfficeCommandResult<'hub.sale'>;

/** One sale whole: what the hub holds and its timeline of events, card data masked. */
function SaleDetailView({ detail, onClose }: { detail: SaleDetail; onClose: () => void }) {
  const { payment } = detail;
  return (
    <section className="bo-panel" aria-labelledby="hub-sale-heading">
      <h3 id="hub-sale-heading">
        Order {payment.orderId} on {payment.laneId}
      </h3>
      <p className="bo-note">
        {payment.operation} {money(payment.amountMinor)}, {payment.state}
        {payment.maskedPan ? `, card ${payment.maskedPan}` : ''}
        {payment.cashier ? `, cashier ${payment.cashier}` : ''}
      </p>
      <ol aria-label="Timeline">
        {detail.events.map((event) => (
          <li key={event.seq}>
            {when(event.at)}: {event.label}
          </li>
        ))}
      </ol>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}

/** Sales across the store's lanes: a search of order id, last four or cashier, a day and a lane. */
export function SalesPanel({ storeId }: { storeId: string }) {
  const run = useBackOffice((state) => state.run);
  const [form, setForm] = useState({ q: '', day: '', laneId: '' });
  const [rows, setRows] = useState<Sale[] | null>(null);
  const [detail, setDetail] = useState<SaleDetail | null>(null);
  const { value: lanes } = useHubLoad(() => run('hub.lanes', { storeId }), storeId);
  const search = useAction();
  const open = useAction();
  const find = (event?: FormEvent) => {
    event?.preventDefault();
    void search.run(async () => {
      const found = await run('hub.sales', {
        storeId,
        ...(form.q.trim() ? { q: form.q.trim() } : {}),
        ...(form.day ? { day: form.day } : {}),
        ...(form.laneId ? { laneId: form.laneId } : {}),
      });
      setRows(found);
    });
  };
  const show = (sale: Sale) =>
    void open.run(async () => {
      setDetail(await run('hub.sale', { laneId: sale.laneId, entryId: sale.entryId }));
    });
  return (
    <section className="bo-panel" aria-labelledby="hub-sales-heading">
      <h2 id="hub-sales-heading">Sales</h2>
      <form className="bo-inline" role="search" onSubmit={find}>
        <label>
          Order id, last four or cashier
          <input value={form.q} onChange={(event) => setForm({ ...form, q: event.target.value })} />
        </label>
        <label>
          Day
          <input type="date" value={form.day} onChange={(event) => setForm({ ...form, day: event.target.value })} />
        </label>
        <label>
          Lane
          <select value={form.laneId} onChange={(event) => setForm({ ...form, laneId: event.target.value })}>
            <option value="">All lanes</option>
            {(lanes ?? []).map((lane) => (
              <option key={lane.id} value={lane.id}>
                {lane.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={search.busy}>
          Search
        </button>
      </form>
      <ActionResult action={search} />
      {rows && rows.length === 0 ? <p className="bo-note">No sale matches.</p> : null}
      {rows && rows.length > 0 ? (
        <table className="bo-table">
          <caption>
            {rows.length} sale{rows.length === 1 ? '' : 's'}
          </caption>
          <ColumnHeads
            names={['Order', 'Lane', 'Time', 'Operation', 'Amount', 'State', 'Card', 'Cashier']}
            money={['Amount']}
          />
          <tbody>
            {rows.map((sale) => (
              <tr key={`${sale.laneId} ${sale.entryId}`}>
                <td>
                  <button type="button" className="link" onClick={() => show(sale)}>
                    {sale.orderId}
                  </button>
                </td>
                <td>{sale.laneId}</td>
                <td>{when(sale.createdAt)}</td>
                <td>{sale.operation}</td>
                <td className="money">{money(sale.amountMinor)}</td>
                <td>{sale.state}</td>
                <td>{sale.maskedPan ?? '—'}</td>
                <td>{sale.cashier ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ActionResult action={open} />
      {detail ? <SaleDetailView detail={detail} onClose={() => setDetail(null)} /> : null}
    </section>
  );
}
