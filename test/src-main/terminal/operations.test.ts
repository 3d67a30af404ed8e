import { describe, expect, it } from 'vitest';
import { settingsSchema, type SettingsInput } from '../../../src-main/config/settings';
import { createCore } from '../../../src-main/core/core';
import type {
  EndOfDayReport,
  FollowUpSummary,
  LookupResult,
  RecoveryItem,
  SaleSummary,
} from '../../../src-main/ipc/contract';
import { containsCardNumber } from '../../../src-main/journal/journal';
import { hashPin } from '../../../src-main/session/pin-hash';
import { collectingLogger, ok, until } from '../../support/test-core';
import {
  call,
  cardSale,
  devicesConnected,
  emulatorForEachTest,
  laneAgainst,
  merchid,
  testGatewayClient,
} from './support';

const { emulator, cores, admin, settle } = emulatorForEachTest();

const fault = (endpoint: string, kind: string, times: 'once' | 'always' = 'once') =>
  admin().fault(endpoint, kind, times);
const clearFaults = () => admin().clearFaults();

/** A training lane (the practice manager signed in) whose gateway is this test's emulator. */
const lane = (settings: SettingsInput = {}, timers?: Array<() => void>) =>
  laneAgainst(emulator(), cores, settings, { timers });

/** Stores a card at the emulator as a profile (a $0 auth asking for one); answers `profileid/acctid`. */
async function storedProfile(account: string): Promise<string> {
  const created = await testGatewayClient(emulator().url).auth({
    merchid,
    amount: 0,
    account,
    expiry: '1228',
    profile: 'Y',
  });
  return `${created.profileid}/${created.acctid}`;
}

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
    const voided = ok(await call<FollowUpSummary>(core, 'terminal.void', { orderId: partial.orderId }));
    expect(voided).toMatchObject({
      operation: 'void',
      outcome: 'approved',
      amountMinor: 500,
      remainingMinor: 0,
      printed: true,
    });
    expect(ok(await call<{ lines: string[] }>(core, 'printers.lastPage', {})).lines.join('\n')).toMatch(/VOID/);
    expect(await call(core, 'terminal.void', { orderId: partial.orderId })).toMatchObject({
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
    expect(await call(core, 'terminal.void', { orderId: sale.orderId })).toMatchObject({
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
    const profile = await storedProfile('5454545454545454');
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

  it('reprints a receipt marked DUPLICATE, looks an order up in the journal and at the gateway, and searches the history', async () => {
    const { core } = lane();
    const sale = await cardSale(core, 'amex-approve', 1234);
    const reprint = ok(
      await call<{ printed: boolean; png: string }>(core, 'terminal.reprint', { orderId: sale.orderId }),
    );
    expect(reprint.printed).toBe(true);
    expect(reprint.png).toMatch(/^data:image\/png;base64,/);
    const page = ok(await call<{ lines: string[] }>(core, 'printers.lastPage', {})).lines.join('\n');
    expect(page).toMatch(/DUPLICATE/);
    expect(page).toContain('8431');
    const found = ok(await call<LookupResult>(core, 'terminal.lookup', { orderId: sale.orderId }));
    expect(found.entries).toEqual([expect.objectContaining({ operation: 'auth', state: 'completed', respstat: 'A' })]);
    expect(found.gateway).toEqual([
      expect.objectContaining({ amountMinor: 1234, setlstat: 'Queued for Capture', voidable: true, refundable: false }),
    ]);
    const retref = found.entries[0]!.retref!;
    const byRetref = ok(await call<LookupResult>(core, 'terminal.lookup', { retref }));
    expect(byRetref).toMatchObject({ entries: [{ orderId: sale.orderId }], gateway: [{ retref, amountMinor: 1234 }] });
    // An order id of the reference's full 50 characters (made elsewhere, unknown to this lane) is asked about, not refused.
    expect(ok(await call<LookupResult>(core, 'terminal.lookup', { orderId: `WEB-${'7'.repeat(46)}` }))).toMatchObject({
      entries: [],
    });
    expect(await call(core, 'terminal.lookup', { orderId: 'O'.repeat(51) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument' },
    });
    expect(await call(core, 'terminal.lookup', {})).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', message: expect.stringMatching(/order id or a retrieval reference/) },
    });
    expect(ok(await call<unknown[]>(core, 'terminal.history', { lastFour: '8431' }))).toHaveLength(1);
    expect(ok(await call<unknown[]>(core, 'terminal.history', { lastFour: '1111' }))).toHaveLength(0);
    expect(ok(await call<unknown[]>(core, 'terminal.history', { amountMinor: 1234 }))).toHaveLength(1);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(ok(await call<unknown[]>(core, 'terminal.history', { day }))).toHaveLength(1);
    expect(ok(await call<unknown[]>(core, 'terminal.history', { day: '2020-01-01' }))).toHaveLength(0);
    await clearFaults();
    await fault('inquireByOrderid', 'http-500', 'always');
    expect(ok(await call<LookupResult>(core, 'terminal.lookup', { orderId: sale.orderId }))).toMatchObject({
      entries: [expect.anything()],
      gateway: [],
      gatewayProblem: expect.stringMatching(/could not be asked/),
    });
  });

  it('reports the end of day: the gateway’s batches and the lane’s totals by status', async () => {
    const { core } = lane();
    await cardSale(core, 'visa-approve', 2000);
    await cardSale(core, 'visa-decline', 700);
    const voided = await cardSale(core, 'discover-approve', 300);
    ok(await call(core, 'terminal.void', { orderId: voided.orderId }));
    await settle();
    const now = new Date();
    const report = ok(await call<EndOfDayReport>(core, 'terminal.endOfDay', {}));
    expect(report.query).toEqual({
      date: `${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`,
    });
    expect(report.gatewayProblem).toBe(null);
    expect(report.batches).toEqual([expect.objectContaining({ count: expect.any(Number), totalMinor: 2000 })]);
    expect(report.journal).toEqual([
      { status: 'approved', count: 2, amountMinor: 2300 },
      { status: 'declined', count: 1, amountMinor: 700 },
      { status: 'voided', count: 1, amountMinor: 300 },
    ]);
    expect(await call(core, 'terminal.endOfDay', { date: '1122', batchid: '1' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument' },
    });
  });

  it('queues a sale whose answer stays lost, shows it, and settles it in the background once the gateway answers', async () => {
    const timers: Array<() => void> = [];
    const { core, queues } = lane({}, timers);
    await fault('auth', 'drop-after');
    await fault('inquireByOrderid', 'http-500', 'always');
    await fault('voidByOrderId', 'http-500', 'always');
    const sale = await cardSale(core, 'visa-approve', 1500);
    expect(sale).toMatchObject({ outcome: 'unknown', approvedMinor: 0 });
    const queue = ok(await call<RecoveryItem[]>(core, 'terminal.recoveryQueue', {}));
    expect(queue).toEqual([
      expect.objectContaining({ orderId: sale.orderId, operation: 'auth', amountMinor: 1500, needsPerson: false }),
    ]);
    expect(queues.at(-1)).toEqual(queue);
    expect(timers).toHaveLength(1);
    // The gateway is still silent at the first check: the entry stays and another check is due.
    timers.shift()!();
    await until(() => timers.length === 1);
    expect(ok(await call<RecoveryItem[]>(core, 'terminal.recoveryQueue', {}))).toHaveLength(1);
    await clearFaults();
    timers.shift()!();
    await until(() => queues.at(-1)?.length === 0);
    expect(timers).toHaveLength(0);
    const [entry] = ok(
      await call<Array<{ state: string; respstat: string }>>(core, 'terminal.history', { orderId: sale.orderId }),
    );
    expect(entry).toMatchObject({ state: 'resolved', respstat: 'A' });
  });

  it('leaves a refund whose answer was lost to a person, who settles it by hand', async () => {
    const { core, queues } = lane();
    const sale = await cardSale(core, 'visa-approve', 2100);
    await settle();
    await fault('refund', 'drop-after');
    expect(
      ok(
        await call<FollowUpSummary>(core, 'terminal.refund', {
          orderId: sale.orderId,
          amountMinor: 2100,
          reason: 'returned',
        }),
      ),
    ).toMatchObject({ outcome: 'unknown', reason: expect.stringMatching(/check the settlement report/) });
    // Refunding again while nobody knows whether the first paid out could pay the customer twice.
    expect(
      await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 2100, reason: 'returned' }),
    ).toMatchObject({
      ok: false,
      error: {
        message: 'A refund of this sale lost its answer: settle it in the recovery list before refunding again.',
      },
    });
    const [item] = ok(await call<RecoveryItem[]>(core, 'terminal.recoveryQueue', {}));
    expect(item).toMatchObject({ operation: 'refund', orderId: sale.orderId, needsPerson: true });
    expect(queues.at(-1)).toEqual([item]);
    expect(
      await call(core, 'terminal.settleByHand', {
        entryId: item!.entryId,
        applied: true,
        note: 'card 4788250000121443',
      }),
    ).toMatchObject({ ok: false, error: { field: 'note' } });
    expect(
      ok(
        await call(core, 'terminal.settleByHand', {
          entryId: item!.entryId,
          applied: true,
          note: 'refund on the settlement report',
        }),
      ),
    ).toEqual([]);
    expect(queues.at(-1)).toEqual([]);
    expect(
      await call(core, 'terminal.refund', { orderId: sale.orderId, amountMinor: 100, reason: 'returned' }),
    ).toMatchObject({ ok: false, error: { message: 'This sale was refunded in full: nothing is left to refund.' } });
    expect(
      await call(core, 'terminal.settleByHand', { entryId: item!.entryId, applied: true, note: 'again' }),
    ).toMatchObject({ ok: false, error: { message: `Entry ${item!.entryId} is not in the recovery queue.` } });
  });

  it('reaches a live gateway with the credentials from the secret store, and names what is missing', async () => {
    const profile = await storedProfile('4788250000121443');
    const stored = new Map<string, string>();
    const cashierPin = hashPin('2468');
    const secrets = {
      get: async (name: string) => stored.get(name),
      set: async () => undefined,
      delete: async () => undefined,
      names: async () => [...stored.keys()],
    };
    const live = (settings: SettingsInput) => {
      const core = createCore({
        settings: settingsSchema.parse({
          training: false,
          staff: { members: [{ id: '7', name: 'Robin', role: 'cashier', pin: cashierPin }] },
          ...settings,
        }),
        shell: 'browser',
        logger: collectingLogger().logger,
        secrets: () => secrets,
      });
      cores.push(core);
      core.session.signIn({ cashierId: '7', pin: '2468' });
      return core;
    };
    expect(await call(live({}), 'terminal.profileSale', { amountMinor: 100, profile })).toMatchObject({
      ok: false,
      error: {
        message:
          'Live sales need the gateway URL (setting gateway.url), the merchant id (setting merchantId), the gateway credentials (secrets gateway.username and gateway.password): enter them under Settings, or use training mode.',
      },
    });
    const configured = { gateway: { url: emulator().url }, merchantId: merchid };
    expect(await call(live(configured), 'terminal.profileSale', { amountMinor: 100, profile })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^Live sales need the gateway credentials/) },
    });
    stored.set('gateway.username', 'testing').set('gateway.password', 'testing123');
    expect(
      ok(await call<SaleSummary>(live(configured), 'terminal.profileSale', { amountMinor: 100, profile })),
    ).toMatchObject({ outcome: 'approved', tender: 'profile' });
  });

  it('keeps card numbers out of everything it answers and logs', async () => {
    const { core, lines } = lane();
    const sale = await cardSale(core, 'visa-approve', 800);
    const answers = JSON.stringify([
      ok(await call(core, 'terminal.history', {})),
      ok(await call(core, 'terminal.lookup', { orderId: sale.orderId })),
      ok(await call(core, 'terminal.recoveryQueue', {})),
    ]);
    expect(containsCardNumber(answers)).toBe(false);
    expect(containsCardNumber(lines.join('\n'))).toBe(false);
  });
});
