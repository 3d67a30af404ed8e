import { describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/lane/core/core';
import type { FollowUpSummary, JournalEntryView } from '../../../../src-main/lane/ipc/contract';
import { ok } from '../../../support/test-core';
import { call, cardSale, emulatorForEachTest, laneAgainst } from './support';

const { emulator, cores, settle } = emulatorForEachTest();
const refusal = (message: string, field = 'orderId') => ({
  ok: false,
  error: { code: 'failed_precondition', field, message },
});
const saleRow = async (core: Core, orderId: string) =>
  ok(await call<JournalEntryView[]>(core, 'terminal.history', { orderId })).find((row) => row.operation === 'auth')!;

describe('a void or refund refused says how the sale stands and the one thing to do, before any manager is asked', () => {
  it('on a voided sale: nothing is left to void or refund, with no manager PIN asked of the cashier', async () => {
    const { core } = laneAgainst(emulator(), cores, { staff: { refundLimitMinor: 100 } }, { cashierId: '1001' });
    const sale = await cardSale(core, 'mastercard-approve', 3000);
    // The sale allows a void, so the manager is asked.
    expect(await call(core, 'terminal.void', { orderId: sale.orderId, reason: 'customer-canceled' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', field: 'managerPin' },
    });
    expect(
      await call(core, 'terminal.void', { orderId: sale.orderId, reason: 'customer-canceled', managerPin: '1234' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringMatching(/not a manager/) },
    });
    ok(await call(core, 'terminal.void', { orderId: sale.orderId, reason: 'customer-canceled', managerPin: '9999' }));
    expect(await call(core, 'terminal.void', { orderId: sale.orderId, reason: 'customer-canceled' })).toEqual(
      refusal('This sale was voided: nothing is left to void.'),
    );
    expect(
      await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 3000, reason: 'returned' }),
    ).toEqual(refusal('This sale was voided: nothing is left to refund.'));
  });

  it('on an unsettled sale a refund says to void it; on a settled one a void says to refund it; an over-refund says how much is left', async () => {
    const { core } = laneAgainst(emulator(), cores);
    const sale = await cardSale(core, 'visa-approve', 1200);
    expect(
      await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 1200, reason: 'returned' }),
    ).toEqual(refusal('This sale has not settled yet, so there is nothing to refund: void it instead.'));
    await settle();
    expect(await call(core, 'terminal.void', { orderId: sale.orderId, reason: 'customer-canceled' })).toEqual(
      refusal('This sale has settled, so it can no longer be voided: refund it instead.'),
    );
    ok(
      await call<FollowUpSummary>(core, 'terminal.refund', {
        orderId: sale.orderId,
        amountMinor: 900,
        reason: 'damaged',
      }),
    );
    expect(await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 400, reason: 'damaged' })).toEqual(
      refusal('Only $3.00 of this sale is left to refund.', 'amountMinor'),
    );
    ok(
      await call<FollowUpSummary>(core, 'terminal.refund', {
        orderId: sale.orderId,
        amountMinor: 300,
        reason: 'goodwill',
      }),
    );
    expect(
      await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 100, reason: 'goodwill' }),
    ).toEqual(refusal('This sale was refunded in full: nothing is left to refund.'));
    expect(await call(core, 'terminal.void', { orderId: sale.orderId, reason: 'customer-canceled' })).toEqual(
      refusal('This sale has settled and was refunded in full: nothing is left to void or refund.'),
    );
  });

  it('asks a cashier for a manager above the refund limit only once the sale can be refunded', async () => {
    const { core } = laneAgainst(emulator(), cores, { staff: { refundLimitMinor: 1000 } }, { cashierId: '1001' });
    const sale = await cardSale(core, 'mastercard-approve', 3000);
    expect(
      await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 3000, reason: 'returned' }),
    ).toEqual(refusal('This sale has not settled yet, so there is nothing to refund: void it instead.'));
    await settle();
    expect(
      await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 3000, reason: 'returned' }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden', field: 'managerPin' } });
    expect(
      ok(
        await call<FollowUpSummary>(core, 'terminal.refund', {
          orderId: sale.orderId,
          amountMinor: 1000,
          reason: 'returned',
        }),
      ),
    ).toMatchObject({ outcome: 'approved', amountMinor: 1000 });
  });
});

describe('a refund takes a reason from the list, and keeps it', () => {
  it('refuses a refund without an amount or a reason, and prints and journals the reason', async () => {
    const { core } = laneAgainst(emulator(), cores);
    const sale = await cardSale(core, 'amex-approve', 2500);
    await settle();
    expect(await call(core, 'terminal.refund', { orderId: sale.orderId, reason: 'returned' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'amountMinor' },
    });
    expect(await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 2500 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'reason' },
    });
    expect(
      await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 2500, reason: 'felt like it' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_argument', field: 'reason' } });
    ok(await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 2500, reason: 'charged-twice' }));
    const slip = ok(await call<{ lines: string[] }>(core, 'printers.lastPage', {})).lines.join('\n');
    expect(slip).toMatch(/REFUND/);
    expect(slip).toMatch(/Reason\s+Charged twice/);
    const rows = ok(await call<JournalEntryView[]>(core, 'terminal.history', { orderId: sale.orderId }));
    expect(rows.find((row) => row.operation === 'refund')).toMatchObject({
      reason: 'charged-twice',
      amountMinor: 2500,
    });
  });
});

describe('history says what each order\u2019s money did', () => {
  it('a partial approval, a voided sale, a partly voided authorization and a refunded sale', async () => {
    const { core } = laneAgainst(emulator(), cores);
    const partial = await cardSale(core, 'visa-partial', 800);
    expect((await saleRow(core, partial.orderId)).money).toMatchObject({
      requestedMinor: 800,
      approvedMinor: 500,
      capturedMinor: 500,
      fullyVoided: false,
    });
    const voided = await cardSale(core, 'discover-approve', 300);
    ok(await call(core, 'terminal.void', { orderId: voided.orderId, reason: 'customer-canceled' }));
    expect((await saleRow(core, voided.orderId)).money).toMatchObject({
      approvedMinor: 300,
      capturedMinor: 0,
      voidedMinor: 300,
      fullyVoided: true,
    });
    const held = await cardSale(core, 'mastercard-approve', 1500, 'authorize');
    ok(await call(core, 'terminal.void', { orderId: held.orderId, reason: 'customer-canceled', amountMinor: 500 }));
    expect((await saleRow(core, held.orderId)).money).toMatchObject({
      approvedMinor: 1500,
      capturedMinor: 0,
      voidedMinor: 500,
      fullyVoided: false,
      tender: 'authorize',
    });
    const refunded = await cardSale(core, 'amex-approve', 1234);
    await settle();
    ok(await call(core, 'terminal.refund', { orderId: refunded.orderId, amountMinor: 234, reason: 'returned' }));
    expect((await saleRow(core, refunded.orderId)).money).toMatchObject({
      approvedMinor: 1234,
      capturedMinor: 1234,
      refundedMinor: 234,
    });
    // A voided sale's reprint is its void slip, not an APPROVED sale slip.
    ok(await call(core, 'terminal.reprint', { orderId: voided.orderId }));
    const page = ok(await call<{ lines: string[] }>(core, 'printers.lastPage', {})).lines.join('\n');
    expect(page).toMatch(/VOID/);
    expect(page).not.toMatch(/\bSALE\b|APPROVED/);
  });
});

describe('history says which follow-ups the journal has used up, and why', () => {
  it('a voided sale, a sale refunded in full, an authorization before and after its capture', async () => {
    const { core } = laneAgainst(emulator(), cores);
    const voided = await cardSale(core, 'discover-approve', 300);
    expect((await saleRow(core, voided.orderId)).money?.usedUp).toEqual({
      void: null,
      refund: null,
      capture: 'This sale was captured when it was approved: nothing is left to capture.',
    });
    ok(await call(core, 'terminal.void', { orderId: voided.orderId, reason: 'customer-canceled' }));
    expect((await saleRow(core, voided.orderId)).money?.usedUp).toEqual({
      void: 'This sale was voided: nothing is left to void.',
      refund: 'This sale was voided: nothing is left to refund.',
      capture: 'This sale was voided: nothing is left to capture.',
    });
    const refunded = await cardSale(core, 'amex-approve', 1234);
    await settle();
    ok(await call(core, 'terminal.refund', { orderId: refunded.orderId, amountMinor: 1000, reason: 'returned' }));
    expect((await saleRow(core, refunded.orderId)).money?.usedUp).toMatchObject({ void: null, refund: null });
    ok(await call(core, 'terminal.refund', { orderId: refunded.orderId, amountMinor: 234, reason: 'returned' }));
    expect((await saleRow(core, refunded.orderId)).money?.usedUp).toMatchObject({
      void: 'This sale was refunded in full: nothing is left to void.',
      refund: 'This sale was refunded in full: nothing is left to refund.',
    });
    const held = await cardSale(core, 'mastercard-approve', 1500, 'authorize');
    expect((await saleRow(core, held.orderId)).money?.usedUp).toEqual({ void: null, refund: null, capture: null });
    ok(await call(core, 'terminal.capture', { orderId: held.orderId }));
    expect((await saleRow(core, held.orderId)).money?.usedUp.capture).toBe(
      'This authorization was captured: nothing is left to capture.',
    );
  });
});
