import { ColumnHeads } from '../../components/ColumnHeads';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ActionResult } from '../components/ActionResult';
import { StatusBadge } from '../components/StatusBadge';
import type { EquipmentView, OrderInput, OrderView, PageView, Tree } from '../api-types';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';
import { formatMoney, parseMoney } from '../../../src-main/platform/money';

const pageSize = 10;

/** A price as the form's field holds it: "129.00". */
const typedPrice = (minor: number) => formatMoney(minor).replace(/^\$/, '').replace(/,/g, '');

/** The order form's problems, each naming its field; empty when it may be sent. */
export function orderProblems(form: {
  equipmentId: string;
  quantity: string;
  frequency: string;
  price: string;
}): string[] {
  const problems: string[] = [];
  if (form.equipmentId === '') problems.push('Equipment: choose what to order.');
  if (!/^\d{1,4}$/.test(form.quantity) || Number(form.quantity) < 1)
    problems.push('Quantity must be a whole number from 1 to 9999.');
  if (parseMoney(form.price) === null)
    problems.push(`${form.frequency === 'MONTHLY' ? 'Monthly price' : 'Unit price'} must be an amount like 129.00.`);
  return problems;
}

/**
 * The merchant's equipment orders: order from the catalog, follow each to SHIPPED with its
 * tracking number, cancel one while it is NEW (the service refuses later).
 */
export function OrdersSection({
  merchantId,
  salesCode,
  shipTo,
}: {
  merchantId: string;
  salesCode: string;
  shipTo: Tree | null;
}) {
  const run = useBackOffice((state) => state.run);
  const [catalog, setCatalog] = useState<readonly EquipmentView[]>([]);
  const [orders, setOrders] = useState<PageView<OrderView> | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [form, setForm] = useState({ equipmentId: '', quantity: '1', frequency: 'ONETIME', price: '', billTo: 'CUST' });
  const [problems, setProblems] = useState<string[]>([]);
  const load = useAction();
  const create = useAction();
  const cancel = useAction();
  const refresh = useCallback(
    async (page: number) => setOrders(await run('orders.list', { merchantId, pageNumber: page, pageSize })),
    [merchantId, run],
  );
  useEffect(() => {
    void load.run(async () => {
      if (salesCode) setCatalog((await run('equipment.catalog', { salesCode, pageNumber: 1, pageSize: 50 })).rows);
      await refresh(pageNumber);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [run, refresh, pageNumber, salesCode]);
  const chosen = catalog.find((item) => String(item.equipmentId) === form.equipmentId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = orderProblems(form);
    setProblems(found);
    if (found.length > 0) return;
    const price = parseMoney(form.price)!;
    const order: OrderInput = {
      merchantId,
      equipmentId: Number(form.equipmentId),
      quantity: Number(form.quantity),
      billToCd: form.billTo,
      billingFrequencyCd: form.frequency,
      ...(form.frequency === 'MONTHLY' ? { monthlyPriceMinor: price } : { unitPriceMinor: price }),
      shippingDetails: { shippingAddress: shipTo as OrderInput['shippingDetails']['shippingAddress'] },
    };
    await create.run(async () => {
      const { orderId } = await run('orders.create', { order });
      await refresh(pageNumber);
      return `Order ${orderId} placed.`;
    });
  };
  return (
    <section className="bo-panel bo-wide" aria-labelledby="orders-heading">
      <h2 id="orders-heading">Equipment orders</h2>
      <form className="bo-inline" noValidate onSubmit={(event) => void submit(event)} aria-label="New order">
        <label>
          Equipment
          <select
            value={form.equipmentId}
            onChange={(event) => {
              const item = catalog.find((entry) => String(entry.equipmentId) === event.target.value);
              setForm({
                ...form,
                equipmentId: event.target.value,
                price: item
                  ? typedPrice(form.frequency === 'MONTHLY' ? item.defaultPlanPriceMinor : item.defaultPriceMinor)
                  : form.price,
              });
            }}
          >
            <option value="">{'Choose\u2026'}</option>
            {catalog.map((item) => (
              <option key={item.equipmentId} value={item.equipmentId}>
                {item.equipmentName} ({formatMoney(item.defaultPriceMinor)})
              </option>
            ))}
          </select>
        </label>
        <label>
          Quantity
          <input
            inputMode="numeric"
            size={4}
            value={form.quantity}
            onChange={(event) => setForm({ ...form, quantity: event.target.value })}
          />
        </label>
        <label>
          Billing
          <select
            value={form.frequency}
            onChange={(event) =>
              setForm({
                ...form,
                frequency: event.target.value,
                price: chosen
                  ? typedPrice(
                      event.target.value === 'MONTHLY' ? chosen.defaultPlanPriceMinor : chosen.defaultPriceMinor,
                    )
                  : form.price,
              })
            }
          >
            <option value="ONETIME">One time</option>
            <option value="MONTHLY">Monthly</option>
          </select>
        </label>
        <label>
          Bill to
          {/* Billing a partner's card (PARTNERCC) needs its gateway profile: the service's web interface does that. */}
          <select value={form.billTo} onChange={(event) => setForm({ ...form, billTo: event.target.value })}>
            <option value="CUST">The merchant</option>
            <option value="PARTNER">Partner residuals</option>
          </select>
        </label>
        <label>
          {form.frequency === 'MONTHLY' ? 'Monthly price' : 'Unit price'} ($)
          <input
            inputMode="decimal"
            size={8}
            value={form.price}
            onChange={(event) => setForm({ ...form, price: event.target.value })}
          />
        </label>
        <button type="submit" disabled={create.busy}>
          Order
        </button>
      </form>
      {problems.length > 0 ? (
        <ul className="bo-problems" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <ActionResult action={create} />
      <ActionResult action={load} />
      {orders && orders.rows.length > 0 ? (
        <table className="bo-table">
          <caption>
            Page {orders.pageNumber}: {orders.rows.length} of {orders.totalServerItemsCount} orders
          </caption>
          <ColumnHeads
            names={['Order', 'Equipment', 'Quantity', 'Price', 'Status', 'Tracking', 'Actions']}
            money={['Price']}
          />
          <tbody>
            {orders.rows.map((order) => (
              <tr key={order.orderId}>
                <td>{order.orderId}</td>
                <td>
                  {catalog.find((item) => item.equipmentId === order.equipmentId)?.equipmentName ?? order.equipmentId}
                </td>
                <td>{order.quantity}</td>
                <td className="money">
                  {order.billingFrequencyCd === 'MONTHLY'
                    ? `${formatMoney(order.monthlyPriceMinor ?? 0)} a month`
                    : formatMoney(order.unitPriceMinor ?? 0)}
                </td>
                <td>
                  <StatusBadge code={order.orderStatusCd} words={order.orderStatusCd} />
                </td>
                <td>
                  {order.orderStatusCd === 'SHIPPED' ? (order.shippingDetails.trackingNumber ?? 'not given') : '\u2014'}
                </td>
                <td>
                  {order.orderStatusCd === 'NEW' ? (
                    <button
                      type="button"
                      className="danger"
                      disabled={cancel.busy}
                      onClick={() =>
                        void cancel.run(async () => {
                          await run('orders.cancel', { orderId: order.orderId });
                          await refresh(pageNumber);
                          return `Order ${order.orderId} cancelled.`;
                        })
                      }
                    >
                      Cancel order {order.orderId}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="bo-note">No orders yet.</p>
      )}
      <ActionResult action={cancel} />
      {orders && (pageNumber > 1 || orders.moreRowsAvailable) ? (
        <div className="bo-actions">
          <button type="button" disabled={pageNumber === 1} onClick={() => setPageNumber(pageNumber - 1)}>
            Previous page
          </button>
          <button type="button" disabled={!orders.moreRowsAvailable} onClick={() => setPageNumber(pageNumber + 1)}>
            Next page
          </button>
        </div>
      ) : null}
    </section>
  );
}
