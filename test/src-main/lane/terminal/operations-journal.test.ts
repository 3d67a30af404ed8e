import { describe, expect, it } from 'vitest';
import { settingsSchema, type SettingsInput } from '../../../../src-main/lane/config/settings';
import { createCore } from '../../../../src-main/lane/core/core';
import type {
  EndOfDayReport,
  FollowUpSummary,
  LookupResult,
  RecoveryItem,
  SaleSummary,
} from '../../../../src-main/lane/ipc/contract';
import { containsCardNumber } from '../../../../src-main/lane/journal/journal';
import { hashPin } from '../../../../src-main/lane/session/pin-hash';
import { collectingLogger, ok, until } from '../../../support/test-core';
import { call, cardSale, emulatorForEachTest, laneAgainst, merchid, storedProfile } from './support';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

const { emulator, cores, admin, settle } = emulatorForEachTest();

const fault = (endpoint: string, kind: string, times: 'once' | 'always' = 'once') =>
  admin().fault(endpoint, kind, times);
const clearFaults = () => admin().clearFaults();

/** A training lane (the practice manager signed in) whose gateway is this test's emulator. */
const lane = (settings: SettingsInput = {}, timers?: Array<() => void>) =>
  laneAgainst(emulator(), cores, settings, { timers });

describe('the journal, the day and the gateway, over the contract, against the emulator', () => {
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
    ok(await call(core, 'terminal.void', { orderId: voided.orderId, reason: 'customer-canceled' }));
    await settle();
    const now = new Date();
    const report = ok(await call<EndOfDayReport>(core, 'terminal.endOfDay', {}));
    expect(report.query).toEqual({
      date: `${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`,
    });
    expect(report.gatewayProblem).toBe(null);
    expect(report.batches).toEqual([expect.objectContaining({ count: expect.any(Number), totalMinor: 2000 })]);
    expect(report.journal).toEqual([
      // The voided sale is counted once, under Voided.
      { status: 'approved', count: 1, amountMinor: 2000 },
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
    const profile = await storedProfile(emulator().url, '4788250000121443');
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
        training: laneTraining,
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
