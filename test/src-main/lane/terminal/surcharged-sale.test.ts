import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsSchema, type SettingsInput } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type { SaleSummary, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { createMemoryLedger, type Ledger } from '../../../../src-main/stand-ins/gateway-emulator/ledger';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { collectingLogger, trainingJournalEntries } from '../../../support/test-core';
import { devicesConnected, presentWhenReading, testGatewayClient } from './support';

// A counter sale at the emulator's surcharging merchant (3% on credit cards), across the joins:
// the sale flow, the gateway's surcharge question over real HTTP, the journal file and the
// emulator's ledger.
const surcharging = '820000000003';
const surchargeOn: SettingsInput = { surcharge: { enabled: true, storePostal: '62701' } };

let emulator: RunningEmulator;
let ledger: Ledger;
const cores: Core[] = [];
beforeEach(async () => {
  ledger = createMemoryLedger();
  emulator = await startEmulator({ ledger });
});
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await emulator.close();
});

async function lane(settings: SettingsInput = surchargeOn) {
  const dir = mkdtempSync(join(tmpdir(), 'surcharge-lane-'));
  const client = testGatewayClient(emulator.url);
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse(settings),
    shell: 'browser',
    logger: collectingLogger().logger,
    journalPath: join(dir, 'training-journal.sqlite'),
    gateway: async () => ({ client, merchid: surcharging }),
  });
  cores.push(core);
  core.session.signIn({ cashierId: '1001', pin: '1234' });
  const phases: TerminalState[] = [];
  core.events.subscribe((name, payload) => {
    if (name === 'terminal.state') phases.push(payload as TerminalState);
  });
  await devicesConnected(core);
  return { core, dir, phases };
}

/** Answers the fee question with `answer` as soon as the sale shows it. */
function whenFeeShown(core: Core, answer: (core: Core) => void) {
  const stop = core.events.subscribe((name, payload) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'confirm-fee') {
      stop();
      answer(core);
    }
  });
}

const authorizations = () => ledger.all().filter((transaction) => transaction.merchid === surcharging);

describe('a counter sale at a surcharging merchant', () => {
  it('a credit card: the fee is shown, confirmed, and the card authorized for the amount and the fee', async () => {
    const { core, dir, phases } = await lane();
    presentWhenReading(core, 'visa-approve');
    whenFeeShown(core, (c) => void c.dispatch('terminal.confirmFee', {}));
    const reply = await core.dispatch('terminal.sale', { amountMinor: 2499 });
    expect(reply.ok).toBe(true);
    const summary = (reply as { result: SaleSummary }).result;
    expect(summary).toMatchObject({ outcome: 'approved', requestedMinor: 2499, approvedMinor: 2499 });
    const shown = phases.find((state) => state.phase === 'confirm-fee');
    expect(shown?.surcharge).toEqual({
      amountMinor: 2499,
      feeMinor: 75,
      totalMinor: 2574,
      applies: 'if-credit',
      words: 'A credit card surcharge of $0.75 applies (none on a debit card): the total on a credit card is $25.74.',
    });
    expect(phases.map((state) => state.phase).slice(0, 4)).toEqual([
      'awaiting-card',
      'card-read',
      'confirm-fee',
      'authorizing',
    ]);
    // The notice leaves with the phase: nothing after it still shows a fee to confirm.
    expect(phases.slice(phases.indexOf(shown!) + 1).some((state) => state.surcharge)).toBe(false);
    expect(authorizations()).toEqual([
      expect.objectContaining({ amount: 2574, fee: expect.objectContaining({ amountMinor: 75 }) }),
    ]);
    await core.close();
    const [row] = trainingJournalEntries(dir);
    expect(row).toMatchObject({
      operation: 'auth',
      amountMinor: 2499,
      state: 'completed',
      detail: expect.objectContaining({ surchargeAcceptedMinor: 75 }),
      outcome: expect.objectContaining({ amountMinor: 2574, feeMinor: 75 }),
    });
  });

  it('a debit card: no fee is asked or shown, and the card is authorized for the amount', async () => {
    const { core, phases } = await lane();
    presentWhenReading(core, 'visa-debit');
    const reply = await core.dispatch('terminal.sale', { amountMinor: 2499 });
    expect(reply).toMatchObject({ ok: true, result: { outcome: 'approved', approvedMinor: 2499 } });
    expect(phases.map((state) => state.phase)).not.toContain('confirm-fee');
    expect(authorizations()).toEqual([expect.objectContaining({ amount: 2499 })]);
    expect(authorizations()[0]?.fee).toBeUndefined();
  });

  it('the customer declines the fee: nothing reaches the gateway, and the journal says nothing was sent', async () => {
    const { core, dir, phases } = await lane();
    presentWhenReading(core, 'visa-approve');
    whenFeeShown(core, (c) => void c.dispatch('terminal.cancel', {}));
    const reply = await core.dispatch('terminal.sale', { amountMinor: 2499 });
    expect(reply).toMatchObject({
      ok: false,
      error: { message: 'The customer declined the $0.75 surcharge: nothing was charged.' },
    });
    expect(phases.at(-1)).toMatchObject({ phase: 'idle' });
    expect(phases.at(-1)?.surcharge).toBeUndefined();
    expect(authorizations()).toEqual([]);
    await core.close();
    expect(trainingJournalEntries(dir)).toEqual([
      expect.objectContaining({
        operation: 'auth',
        amountMinor: 2499,
        state: 'not-sent',
        note: 'the customer declined the surcharge: nothing was sent',
        detail: { tender: 'sale', canceledAt: 'surcharge' },
      }),
    ]);
  });

  for (const [accept, outcome] of [
    [true, 'the card authorized for the amount and the fee'],
    [false, 'nothing reaches the gateway'],
  ] as const)
    it(`the customer ${accept ? 'accepts' : 'declines'} the fee on their own display: ${outcome}`, async () => {
      const { core } = await lane({ ...surchargeOn, customerDisplay: { enabled: true } });
      const customer = { source: 'bridge:5', role: 'customer-display' } as const;
      core.customerDisplay.connect(customer.source);
      presentWhenReading(core, 'visa-approve');
      let shown: unknown;
      whenFeeShown(core, (c) => {
        shown = c.customerDisplay.view().step;
        void c.dispatch('customerDisplay.answer', { kind: 'fee', accept }, customer);
      });
      const reply = await core.dispatch('terminal.sale', { amountMinor: 2499 });
      expect(shown).toMatchObject({ kind: 'fee', surcharge: { feeMinor: 75, totalMinor: 2574 } });
      if (accept) {
        expect(reply).toMatchObject({ ok: true, result: { outcome: 'approved', approvedMinor: 2499 } });
        expect(authorizations()).toEqual([expect.objectContaining({ amount: 2574 })]);
      } else {
        expect(reply).toMatchObject({
          ok: false,
          error: { message: 'The customer declined the $0.75 surcharge: nothing was charged.' },
        });
        expect(authorizations()).toEqual([]);
        expect(core.customerDisplay.view().step).toMatchObject({
          kind: 'outcome',
          outcome: 'canceled',
          approvedMinor: 0,
        });
      }
    });

  it('the surcharge question fails: the sale ends before any authorization, saying so', async () => {
    const { core, dir, phases } = await lane();
    await emulatorAdmin(emulator.url).fault('surcharge', 'http-500', 'always');
    presentWhenReading(core, 'visa-approve');
    const reply = await core.dispatch('terminal.sale', { amountMinor: 2499 });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        message:
          'The surcharge could not be asked (The gateway did not say whether a surcharge applies): nothing was charged. Try again, or take another payment.',
      },
    });
    expect(phases.map((state) => state.phase)).toEqual(['awaiting-card', 'card-read', 'idle']);
    expect(authorizations()).toEqual([]);
    await core.close();
    expect(trainingJournalEntries(dir)).toEqual([
      expect.objectContaining({ state: 'not-sent', note: 'the surcharge could not be asked: nothing was sent' }),
    ]);
  });

  it('confirming with no fee waiting is refused, and a lane not set up for surcharging never asks', async () => {
    const { core, phases } = await lane({});
    expect(await core.dispatch('terminal.confirmFee', {})).toMatchObject({
      ok: false,
      error: { message: 'No sale is waiting for a surcharge to be confirmed.' },
    });
    presentWhenReading(core, 'visa-approve');
    expect(await core.dispatch('terminal.sale', { amountMinor: 2499 })).toMatchObject({ ok: true });
    expect(phases.map((state) => state.phase)).not.toContain('confirm-fee');
    // The gateway applies the merchant's own fee all the same: the lane reads it out of the approval (ADR 067).
    expect(authorizations()).toEqual([expect.objectContaining({ amount: 2574 })]);
  });

  it('a surcharged card part of a split pays its part of the sale, not its fee: the balance, the cash, the journal and the ledger agree', async () => {
    const { core, dir, phases } = await lane();
    expect(await core.dispatch('day.openShift', { floatMinor: 10_000 })).toMatchObject({ ok: true });
    presentWhenReading(core, 'visa-approve');
    whenFeeShown(core, (c) => void c.dispatch('terminal.confirmFee', {}));
    // $25.00, of which $10.00 on a credit card: the customer pays a $0.30 surcharge on that part.
    const part = await core.dispatch('terminal.sale', { amountMinor: 1000, totalMinor: 2500 });
    expect(part).toMatchObject({ ok: true, result: { outcome: 'approved', approvedMinor: 1000 } });
    expect(phases.at(-1)?.sale).toMatchObject({ totalMinor: 2500, dueMinor: 1500 });
    // The rest in cash: exactly $15.00 is owed, so $15.00 pays it with no change.
    const cash = await core.dispatch('terminal.cash', { tenderedMinor: 1500 });
    expect(cash).toMatchObject({ ok: true, result: { appliedMinor: 1500, changeMinor: 0, dueMinor: null } });
    // The receipt of every tender: the card's part, its surcharge on top, the cash, what was paid.
    const lines = (cash as { result: { lines: string[] } }).result.lines.join('\n');
    expect(lines).toMatch(/VISA CREDIT 4788\*{8}1443\s+\$10\.00/);
    expect(lines).toMatch(/SURCHARGE\s+\$0\.30/);
    expect(lines).toMatch(/CASH\s+\$15\.00/);
    expect(lines).toMatch(/TOTAL\s+\$25\.30/);
    expect(authorizations()).toEqual([
      expect.objectContaining({ amount: 1030, fee: expect.objectContaining({ amountMinor: 30 }) }),
    ]);
    const report = await core.dispatch('day.xReport', {});
    expect(report).toMatchObject({
      ok: true,
      // One sale, paid by two tenders; the fee on its own line.
      result: { totals: { sales: { count: 1, minor: 2500 }, surchargesMinor: 30 } },
    });
    await core.close();
    const [row] = trainingJournalEntries(dir);
    expect(row).toMatchObject({
      amountMinor: 1000,
      outcome: expect.objectContaining({ amountMinor: 1030, feeMinor: 30 }),
    });
  });
});
