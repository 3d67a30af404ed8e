import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsSchema, type SettingsInput } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type {
  FollowUpSummary,
  FundingView,
  JournalEntryView,
  OpenAuthorizationsView,
} from '../../../../src-main/lane/ipc/contract';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { ManualClock } from '../../../support/manual-clock';
import { collectingLogger, ok } from '../../../support/test-core';
import { call, cardSale, testGatewayClient } from './support';

const dayMs = 24 * 60 * 60 * 1000;
/** 23 November 2026, 15:00 UTC: an afternoon at the counter. */
const start = Date.UTC(2026, 10, 23, 15);

const cores: Core[] = [];
const emulators: RunningEmulator[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await Promise.all(emulators.splice(0).map((emulator) => emulator.close()));
});

/**
 * A training lane on a moved clock (its journal in a SQLite file), whose gateway is an emulator
 * over real HTTP on the same clock, for `merchid`: the training store's (entitled to capture more
 * than authorized) unless another is named. The practice manager is signed in.
 */
async function laneOnClock(settings: SettingsInput = {}, merchid = '496160873888') {
  const clock = new ManualClock(start);
  const emulator = await startEmulator({ clock: { now: clock.now } });
  emulators.push(emulator);
  const client = testGatewayClient(emulator.url);
  const { logger } = collectingLogger();
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse(settings),
    shell: 'browser',
    logger,
    clock,
    journalPath: join(mkdtempSync(join(tmpdir(), 'pre-auth-')), 'training-journal.sqlite'),
    gateway: async () => ({ client, merchid }),
    recoveryTimer: () => () => undefined,
  });
  cores.push(core);
  core.session.signIn({ cashierId: '9001', pin: '9999' });
  const ledgerOf = (orderId: string) => emulator.context.ledger.all().find((t) => t.orderid === orderId);
  const inquire = async (orderId: string) => client.inquire({ merchid, retref: ledgerOf(orderId)!.retref });
  return { core, clock, emulator, client, inquire, ledgerOf };
}

const open = async (core: Core) => ok(await call<OpenAuthorizationsView>(core, 'terminal.openAuthorizations', {}));
const rowsOf = async (core: Core, orderId: string) =>
  ok(await call<JournalEntryView[]>(core, 'terminal.history', { orderId }));

describe('authorizations captured later, on a moved clock, through the emulator and the journal', () => {
  it('captures the next day with a tip, releases another, warns of an old one and shows one past its expiry', async () => {
    const { core, clock, inquire } = await laneOnClock({ payments: { tips: true } });
    const room = await cardSale(core, 'visa-approve', 5000, 'authorize');
    const bar = await cardSale(core, 'mastercard-approve', 3000, 'authorize');
    const old = await cardSale(core, 'visa-approve', 2000, 'authorize');
    clock.advance(dayMs);
    const sold = await cardSale(core, 'visa-approve', 1500, 'authorize');

    // The next day: three of a day old, one fresh, none warned; each with its masked card and what it holds.
    const nextDay = await open(core);
    expect(nextDay).toMatchObject({ expiryDays: 30, warnDays: 25, needAttention: 0, tips: true });
    expect(nextDay.authorizations.map((auth) => [auth.orderId, auth.heldMinor, auth.ageDays, auth.age])).toEqual([
      [room.orderId, 5000, 1, 'fresh'],
      [bar.orderId, 3000, 1, 'fresh'],
      [old.orderId, 2000, 1, 'fresh'],
      [sold.orderId, 1500, 0, 'fresh'],
    ]);
    expect(nextDay.authorizations[0]!.maskedPan).toMatch(/^\d{0,6}\*+\d{4}$/);
    expect(nextDay.authorizations[0]!.daysLeft).toBe(29);

    // 50.00 captured with a 9.00 tip: the summary, the journal and the gateway all say 59.00.
    const captured = ok(
      await call<FollowUpSummary>(core, 'terminal.capture', {
        orderId: room.orderId,
        amountMinor: 5000,
        tipMinor: 900,
      }),
    );
    expect(captured).toMatchObject({ operation: 'capture', outcome: 'approved', amountMinor: 5900, printed: true });
    expect(ok(await call<{ lines: string[] }>(core, 'printers.lastPage', {})).lines.join('\n')).toMatch(
      /TIP\s+\$?9\.00/i,
    );
    const roomRows = await rowsOf(core, room.orderId);
    expect(roomRows.find((row) => row.operation === 'capture')).toMatchObject({
      state: 'completed',
      amountMinor: 5900,
      createdAt: start + dayMs,
    });
    expect(await inquire(room.orderId)).toMatchObject({ setlstat: 'Queued for Capture', amount: 5900 });

    // Released: a void of the whole hold, with its reason; the gateway has it voided.
    const released = ok(
      await call<FollowUpSummary>(core, 'terminal.void', { orderId: bar.orderId, reason: 'customer-canceled' }),
    );
    expect(released).toMatchObject({ operation: 'void', outcome: 'approved', amountMinor: 3000 });
    const barRows = await rowsOf(core, bar.orderId);
    expect(barRows.find((row) => row.operation === 'void')).toMatchObject({
      state: 'completed',
      amountMinor: 3000,
      voidReason: 'customer-canceled',
    });
    expect(barRows.find((row) => row.operation === 'auth')!.money).toMatchObject({
      fullyVoided: true,
      voidedMinor: 3000,
      capturedMinor: 0,
    });
    expect(await inquire(bar.orderId)).toMatchObject({ setlstat: 'Voided' });
    expect((await open(core)).authorizations.map((auth) => auth.orderId)).toEqual([old.orderId, sold.orderId]);

    // 26 days after the first: warned; 31 days: expired (the one of a day later is 30 days old, expired too).
    clock.advance(25 * dayMs);
    const warned = await open(core);
    expect(warned.authorizations.map((auth) => [auth.ageDays, auth.daysLeft, auth.age])).toEqual([
      [26, 4, 'warning'],
      [25, 5, 'warning'],
    ]);
    expect(warned.needAttention).toBe(2);
    clock.advance(5 * dayMs);
    expect((await open(core)).authorizations.map((auth) => [auth.ageDays, auth.age])).toEqual([
      [31, 'expired'],
      [30, 'expired'],
    ]);
  });

  it('refuses in words a capture above the hold where the merchant may not capture more, and changes nothing', async () => {
    const { core, inquire, ledgerOf } = await laneOnClock({ payments: { tips: true } }, '820000000001');
    const auth = await cardSale(core, 'visa-approve', 5000, 'authorize');
    // A sale captured when approved is no hold.
    await cardSale(core, 'visa-approve', 1200);
    const refused = ok(
      await call<FollowUpSummary>(core, 'terminal.capture', {
        orderId: auth.orderId,
        amountMinor: 5000,
        tipMinor: 900,
      }),
    );
    expect(refused).toMatchObject({
      operation: 'capture',
      outcome: 'declined',
      reason:
        'The gateway refused the capture, so nothing changed: amount: exceeds the authorized amount and the merchant is not entitled to capture more.',
    });
    expect(await inquire(auth.orderId)).toMatchObject({ setlstat: 'Authorized', amount: 5000 });
    expect(ledgerOf(auth.orderId)).toMatchObject({ captured: null });
    // The journal keeps the refusal; the authorization is still open, holding 50.00, and can be captured for less.
    const rows = await rowsOf(core, auth.orderId);
    expect(rows.find((row) => row.operation === 'capture')).toMatchObject({ state: 'completed', respstat: 'C' });
    expect(rows.find((row) => row.operation === 'auth')!.money).toMatchObject({ capturedMinor: 0, voidedMinor: 0 });
    expect((await open(core)).authorizations).toEqual([
      expect.objectContaining({ orderId: auth.orderId, heldMinor: 5000 }),
    ]);
    expect(
      ok(await call<FollowUpSummary>(core, 'terminal.capture', { orderId: auth.orderId, amountMinor: 4200 })),
    ).toMatchObject({ outcome: 'approved', amountMinor: 4200 });
    expect(await inquire(auth.orderId)).toMatchObject({ setlstat: 'Queued for Capture', amount: 4200 });
    expect((await open(core)).authorizations).toEqual([]);
  });
});

describe('the gateway funding of a day, through the emulator', () => {
  it('has none for the day before it settles, then the deposit of the settled captures from the next afternoon', async () => {
    const { core, clock, emulator } = await laneOnClock({ payments: { tips: true } });
    const auth = await cardSale(core, 'visa-approve', 5000, 'authorize');
    ok(await call(core, 'terminal.capture', { orderId: auth.orderId, tipMinor: 900 }));
    await cardSale(core, 'mastercard-approve', 1200);
    // 23 November's deposits: none yet, and none the next morning either, before the batch settles.
    expect(ok(await call<FundingView>(core, 'terminal.funding', { date: '1124' }))).toMatchObject({
      date: '20261124',
      found: false,
      deposits: [],
      fundedMinor: 0,
    });
    await emulatorAdmin(emulator.url).settle();
    expect(ok(await call<FundingView>(core, 'terminal.funding', { date: '1124' })).found).toBe(false);
    // The next afternoon the deposit shows: the two sales, the batch they settled in.
    clock.advance(dayMs + 4 * 60 * 60 * 1000);
    const funded = ok(await call<FundingView>(core, 'terminal.funding', { date: '1124' }));
    expect(funded).toMatchObject({
      date: '20261124',
      found: true,
      fundingDate: '20261124',
      transactions: 2,
      achReturns: [],
    });
    expect(funded.batchids).toHaveLength(1);
    expect(funded.deposits).toHaveLength(1);
    expect(funded.deposits[0]!.netSalesMinor).toBe(7100);
    expect(funded.fundedMinor).toBe(funded.deposits[0]!.totalMinor);
    expect(funded.fundedMinor).toBe(
      7100 + (funded.deposits[0]!.feesMinor ?? 0) + (funded.deposits[0]!.adjustmentsMinor ?? 0),
    );
    expect(await call(core, 'terminal.funding', { date: '11-24' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument' },
    });
  });
});
