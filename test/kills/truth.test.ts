import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src-main/lane/journal/journal';
import type { EmulatedTransaction } from '../../src-main/stand-ins/gateway-emulator/ledger';
import { accountForSales, type StartedSale } from './truth';

const card = { cardId: 'visa-approve', method: 'insert', kind: 'approve' } as const;
const sale = (orderId: string | undefined, told: string): StartedSale => ({ amountMinor: 1500, card, orderId, told });
const row = (id: number, orderId: string, respstat: string | null, state: JournalEntry['state'] = 'completed') =>
  ({
    id,
    orderId,
    operation: 'auth',
    amountMinor: 1500,
    state,
    createdAt: 0,
    updatedAt: 0,
    note: null,
    outcome: respstat ? { respstat, retref: `R${id}` } : null,
  }) as JournalEntry;
const charge = (orderid: string, respstat = 'A') =>
  ({ retref: `T-${orderid}-${respstat}`, orderid, amount: 1500, respstat }) as unknown as EmulatedTransaction;

function account(sales: StartedSale[], rows: JournalEntry[], ledger: EmulatedTransaction[], findings: number[] = []) {
  return accountForSales({
    sales,
    rows,
    openFindings: new Set(findings),
    offline: () => true,
    ledger: (orderId) => ledger.filter((t) => t.orderid === orderId),
  });
}

describe('every sale of an offline run accounted for once', () => {
  it('passes a stored sale forwarded and approved once, and one the issuer declined that a finding shows', () => {
    const result = account(
      [sale('O1', 'stored'), sale('O2', 'stored')],
      [row(1, 'O1', 'A'), row(2, 'O2', 'C')],
      [charge('O1'), charge('O2', 'C')],
      [2],
    );
    expect(result).toMatchObject({ lost: [], doubled: [], unaccounted: [] });
    expect(result.endings).toEqual({ 'offline approved': 1, 'offline declined': 1 });
  });

  it('counts as lost a sale told stored that the gateway never saw, or that has no journal row', () => {
    const result = account([sale('O1', 'stored'), sale(undefined, 'stored')], [row(1, 'O1', null, 'resolved')], []);
    expect(result.lost).toHaveLength(2);
  });

  it('counts as doubled an order with two live approvals, and as unaccounted a row still stored or a decline nobody is shown', () => {
    const result = account(
      [sale('O1', 'approved'), sale('O2', 'stored'), sale('O3', 'stored')],
      [row(1, 'O1', 'A'), row(2, 'O2', null, 'stored'), row(3, 'O3', 'C')],
      [charge('O1'), { ...charge('O1'), retref: 'T-again' }, charge('O3', 'C')],
    );
    expect(result.doubled).toEqual([expect.stringContaining('2 live approvals')]);
    expect(result.unaccounted).toEqual([
      expect.stringContaining('still stored'),
      expect.stringContaining('no finding shows it'),
    ]);
  });
});
