import { describe, expect, it, vi } from 'vitest';
import { CardReaderError } from '../../../../drivers/card-reader/errors';
import type { SettingsInput } from '../../../../src-main/lane/config/settings';
import type { FollowUpSummary, RecoveryItem, SaleSummary } from '../../../../src-main/lane/ipc/contract';
import { ok } from '../../../support/test-core';
import { call, cardSale, devicesConnected, emulatorForEachTest, laneAgainst, storedProfile } from './support';

const { emulator, cores, settle } = emulatorForEachTest();

/** A training lane (the practice manager signed in) whose gateway is this test's emulator. */
const lane = (settings: SettingsInput = {}, timers?: Array<() => void>) =>
  laneAgainst(emulator(), cores, settings, { timers });

describe('the sale state machine, over the contract, against the emulator', () => {
  it('goes back to idle when no card comes in time, saying so', async () => {
    const { core, phases } = lane({ payments: { cardTimeoutSeconds: 1 } });
    await devicesConnected(core);
    expect(await call(core, 'terminal.sale', { amountMinor: 700 })).toMatchObject({
      ok: false,
      error: { message: 'No card was presented in time: start the sale again.' },
    });
    expect(phases.map((state) => state.phase)).toEqual(['awaiting-card', 'idle']);
    expect(ok(await call<unknown[]>(core, 'terminal.history', {}))).toEqual([]);
  });

  it('ends the sale in words when the reader goes away while the card is awaited: nothing was charged', async () => {
    const { core, phases } = lane();
    await devicesConnected(core);
    // The reader's own failure, as a USB reader unplugged mid-read gives it.
    vi.spyOn(core.deviceManager.cardReader()!.reader, 'read').mockRejectedValueOnce(
      new CardReaderError('disconnected', 'the reader was disconnected: USB device gone'),
    );
    expect(await call(core, 'terminal.sale', { amountMinor: 700 })).toEqual({
      ok: false,
      error: {
        code: 'failed_precondition',
        message:
          'The card reader was disconnected (the reader was disconnected: USB device gone): nothing was charged. Check the reader and start the sale again.',
      },
    });
    expect(phases.map((state) => state.phase)).toEqual(['awaiting-card', 'idle']);
    expect(ok(await call<unknown[]>(core, 'terminal.history', {}))).toEqual([]);
    expect(emulator().context.ledger.all()).toEqual([]);
  });

  it('says why a card was declined, and takes another card for the same amount under a new order id', async () => {
    const { core, phases } = lane();
    const declined = await cardSale(core, 'visa-do-not-honor', 1800);
    expect(declined).toMatchObject({ outcome: 'declined', approvedMinor: 0, reason: 'Do not honor' });
    expect(phases.slice(-4).map((state) => state.phase)).toEqual(['authorizing', 'declined', 'printing', 'done']);
    const approved = await cardSale(core, 'mastercard-approve', 1800);
    expect(approved).toMatchObject({ outcome: 'approved', approvedMinor: 1800 });
    expect(approved.orderId).not.toBe(declined.orderId);
    expect(
      ok(await call<Array<{ orderId: string; respstat: string }>>(core, 'terminal.history', { amountMinor: 1800 })).map(
        (row) => row.respstat,
      ),
    ).toEqual(['A', 'C']);
  });

  it('answers retry when the processor does not answer in time (respstat B), with nothing charged', async () => {
    const { core, phases } = lane();
    const sale = await cardSale(core, 'visa-timeout', 1200);
    expect(sale).toMatchObject({ outcome: 'retry', approvedMinor: 0, reason: expect.stringMatching(/try again\.$/) });
    expect(phases.slice(-3).map((state) => state.phase)).toEqual(['authorizing', 'retry', 'done']);
    expect(
      ok(await call<Array<{ state: string; respstat: string }>>(core, 'terminal.history', { orderId: sale.orderId })),
    ).toEqual([expect.objectContaining({ state: 'completed', respstat: 'B' })]);
    expect(ok(await call<RecoveryItem[]>(core, 'terminal.recoveryQueue', {}))).toEqual([]);
  });

  it('takes a partial approval and the rest on another card', async () => {
    const { core } = lane();
    const partial = await cardSale(core, 'visa-partial', 900);
    expect(partial).toMatchObject({ outcome: 'partial', requestedMinor: 900, approvedMinor: 500 });
    const rest = await cardSale(core, 'amex-approve', partial.requestedMinor - partial.approvedMinor);
    expect(rest).toMatchObject({ outcome: 'approved', approvedMinor: 400 });
  });
});

describe('operations after the sale, over the contract, against the emulator', () => {
  it('authorizes, then captures with a tip where the merchant takes tips, and prints the tipped receipt', async () => {
    const { core, phases } = lane({ payments: { tips: true } });
    const auth = await cardSale(core, 'visa-approve', 2000, 'authorize');
    expect(auth).toMatchObject({ outcome: 'approved', tender: 'authorize', approvedMinor: 2000 });
    expect(ok(await call<{ lines: string[] }>(core, 'printers.lastPage', {})).lines.join('\n')).toMatch(
      /AUTHORIZATION/i,
    );
    const capture = ok(await call<FollowUpSummary>(core, 'terminal.capture', { orderId: auth.orderId, tipMinor: 600 }));
    expect(capture).toMatchObject({ operation: 'capture', outcome: 'approved', amountMinor: 2600, printed: true });
    expect(ok(await call<{ lines: string[] }>(core, 'printers.lastPage', {})).lines.join('\n')).toMatch(
      /TIP\s+\$?6\.00/i,
    );
    expect(phases.slice(-3).map((state) => state.phase)).toEqual(['working', 'printing', 'done']);
    // Captured once: a second capture is refused with the reason, before anything is sent.
    expect(await call(core, 'terminal.capture', { orderId: auth.orderId })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/cannot be captured: the gateway has it Queued for Capture/) },
    });
  });

  it('sells a cart with a tip: the lines go as Level 2/3 data the gateway client checks, and the receipt preview comes back', async () => {
    const { core } = lane({ payments: { tips: true } });
    const cart = [
      { description: 'Coffee beans 1 lb', quantity: 2, unitMinor: 650, taxMinor: 104 },
      { description: 'Mug', quantity: 1, unitMinor: 399, taxMinor: 32 },
    ];
    const sale = await cardSale(core, 'visa-approve', 2035, 'sale', { cart, tipMinor: 200 });
    expect(sale).toMatchObject({
      outcome: 'approved',
      approvedMinor: 2035,
      receiptPng: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(await call(core, 'terminal.sale', { amountMinor: 2000, cart, tipMinor: 200 })).toMatchObject({
      ok: false,
      error: { field: 'cart', message: expect.stringMatching(/come to 2035 cents, not the amount of 2000/) },
    });
    const plain = lane();
    expect(await call(plain.core, 'terminal.sale', { amountMinor: 1200, tipMinor: 200 })).toMatchObject({
      ok: false,
      error: { field: 'tipMinor', message: 'This merchant does not take tips: charge the amount without one.' },
    });
  });

  it('refuses a tip where the merchant takes none, and a capture of an order this lane never made', async () => {
    const { core } = lane();
    const auth = await cardSale(core, 'visa-approve', 1000, 'authorize');
    expect(await call(core, 'terminal.capture', { orderId: auth.orderId, tipMinor: 100 })).toMatchObject({
      ok: false,
      error: { field: 'tipMinor', message: 'This merchant does not take tips: capture without one.' },
    });
    expect(await call(core, 'terminal.capture', { orderId: 'LANE01-261122-00001' })).toMatchObject({
      ok: false,
      error: {
        field: 'orderId',
        message: expect.stringMatching(/No approved sale or authorization has order id LANE01-261122-00001/),
      },
    });
    expect(ok(await call<FollowUpSummary>(core, 'terminal.capture', { orderId: auth.orderId }))).toMatchObject({
      outcome: 'approved',
      amountMinor: 1000,
    });
  });

  it('voids a partial approval the customer does not want, and says what the authorization still holds', async () => {
    const { core } = lane();
    const partial = await cardSale(core, 'visa-partial', 1000);
    expect(partial).toMatchObject({ outcome: 'partial', requestedMinor: 1000, approvedMinor: 500 });
    const voided = ok(
      await call<FollowUpSummary>(core, 'terminal.void', { orderId: partial.orderId, reason: 'customer-canceled' }),
    );
    expect(voided).toMatchObject({
      operation: 'void',
      outcome: 'approved',
      amountMinor: 500,
      remainingMinor: 0,
      printed: true,
    });
    expect(ok(await call<{ lines: string[] }>(core, 'printers.lastPage', {})).lines.join('\n')).toMatch(/VOID/);
    expect(await call(core, 'terminal.void', { orderId: partial.orderId, reason: 'customer-canceled' })).toMatchObject({
      ok: false,
      error: { message: 'This sale was voided: nothing is left to void.' },
    });
  });

  it('refunds only once settled (void before), in part, and never more than the sale', async () => {
    const { core } = lane();
    const sale = await cardSale(core, 'mastercard-approve', 3000);
    expect(
      await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 3000, reason: 'returned' }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/has not settled yet.*void it instead/) } });
    await settle();
    expect(await call(core, 'terminal.void', { orderId: sale.orderId, reason: 'customer-canceled' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/refund it instead/) },
    });
    expect(
      await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 3001, reason: 'returned' }),
    ).toMatchObject({
      ok: false,
      error: { field: 'amountMinor', message: 'Only $30.00 of this sale is left to refund.' },
    });
    const refund = ok(
      await call<FollowUpSummary>(core, 'terminal.refund', {
        orderId: sale.orderId,
        amountMinor: 1000,
        reason: 'returned',
      }),
    );
    expect(refund).toMatchObject({
      operation: 'refund',
      outcome: 'approved',
      amountMinor: 1000,
      retref: expect.stringMatching(/^\d+$/),
    });
    expect(refund.retref).not.toBe(null);
  });

  it('refuses a forced credit unless configured, and runs one where it is', async () => {
    const plain = lane();
    expect(await call(plain.core, 'terminal.sale', { amountMinor: 500, tender: 'forced-credit' })).toMatchObject({
      ok: false,
      error: { field: 'tender', message: expect.stringMatching(/not set up for refunds without a sale/) },
    });
    const configured = lane({ payments: { forcedCredit: true } });
    const credit = await cardSale(configured.core, 'visa-approve', 500, 'forced-credit');
    expect(credit).toMatchObject({
      outcome: 'approved',
      tender: 'forced-credit',
      approvedMinor: 500,
      signatureRequired: false,
    });
    const [row] = ok(
      await call<Array<{ amountMinor: number }>>(configured.core, 'terminal.history', { orderId: credit.orderId }),
    );
    expect(row).toMatchObject({ amountMinor: -500 });
  });

  it('takes an ACH check where enabled, keeping only the last four of the bank account', async () => {
    const { core, lines } = lane({ payments: { ach: true } });
    const args = {
      amountMinor: 2500,
      routing: '036001808',
      account: '1234567890',
      accountType: 'checking',
      name: 'Pat Doe',
    };
    const check = ok(await call<SaleSummary>(core, 'terminal.achSale', args));
    expect(check).toMatchObject({ outcome: 'approved', tender: 'ach', maskedPan: '****7890', entryMode: 'ach' });
    expect(ok(await call<Array<{ maskedPan: string }>>(core, 'terminal.history', {}))[0]).toMatchObject({
      maskedPan: '****7890',
      entryMode: 'ach',
    });
    expect(lines.join('\n')).not.toContain('1234567890');
    const refused = lane();
    expect(await call(refused.core, 'terminal.achSale', args)).toMatchObject({
      ok: false,
      error: { message: 'This merchant does not take electronic checks.' },
    });
  });

  it('charges a stored profile', async () => {
    const { core } = lane();
    const profile = await storedProfile(emulator().url, '5454545454545454');
    expect(profile).toMatch(/^\d{20}\/\d{1,3}$/);
    expect(ok(await call<SaleSummary>(core, 'terminal.profileSale', { amountMinor: 1999, profile }))).toMatchObject({
      outcome: 'approved',
      tender: 'profile',
      approvedMinor: 1999,
    });
    expect(await call(core, 'terminal.profileSale', { amountMinor: 1999, profile: '123/1' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'profile' },
    });
  });
});
