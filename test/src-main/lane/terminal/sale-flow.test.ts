import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { createCore } from '../../../../src-main/lane/core/core';
import type { SaleOutcomeNotice, SaleSummary, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { collectingLogger, ok, trainingJournalEntries, until } from '../../../support/test-core';
import { builtInTrainingLane, devicesConnected, lanesClosedAfterEachTest, presentWhenReading } from './support';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

const cores = lanesClosedAfterEachTest();
const lane = () => builtInTrainingLane(cores);

/** The phases of an approved sale from the authorization on: approved, printed, done. */
const approvedAndPrinted = ['authorizing', 'approved', 'printing', 'done'];

const entries = trainingJournalEntries;

describe('terminal.sale over the contract (training)', () => {
  it('runs a sale through its phases, journaled, and says Approved', async () => {
    const { core, dir, phases } = lane();
    await devicesConnected(core);
    presentWhenReading(core, 'visa-approve', 'insert');
    const summary = ok(await core.dispatch('terminal.sale', { amountMinor: 1500 })) as SaleSummary;
    expect(summary).toMatchObject({
      outcome: 'approved',
      approvedMinor: 1500,
      entryMode: 'chip',
      printed: true,
      reason: null,
    });
    expect(phases.map((state) => state.phase)).toEqual(['awaiting-card', 'card-read', ...approvedAndPrinted]);
    expect(phases.at(-1)?.detail).toBe('Approved');
    await core.close();
    expect(entries(dir)).toEqual([expect.objectContaining({ orderId: summary.orderId, state: 'completed' })]);
  });

  it('tells the outcome (terminal.outcome) before the receipts print, in the words the finished sale keeps', async () => {
    const { core } = lane();
    await devicesConnected(core);
    const seen: Array<{ name: string; payload: unknown }> = [];
    core.events.subscribe((name, payload) => {
      if (name === 'terminal.outcome' || name === 'terminal.state') seen.push({ name, payload });
    });
    presentWhenReading(core, 'visa-approve', 'insert');
    const summary = ok(await core.dispatch('terminal.sale', { amountMinor: 1500 })) as SaleSummary;
    const order = seen.map(({ name, payload }) =>
      name === 'terminal.outcome' ? name : (payload as TerminalState).phase,
    );
    expect(order.slice(order.indexOf('approved'))).toEqual(['approved', 'terminal.outcome', 'printing', 'done']);
    const notice = seen.find(({ name }) => name === 'terminal.outcome')!.payload as SaleOutcomeNotice;
    const { printed: _printed, printProblem: _problem, receiptPng: _png, ...words } = summary;
    expect(notice).toEqual({ ...words, outcome: 'approved', dueMinor: null });
  });

  it('training can lose the next answer on purpose: the lane checks with the gateway and records one approval', async () => {
    const { core, dir, phases } = lane();
    await devicesConnected(core);
    expect(ok(await core.dispatch('training.loseNextAnswer', {}))).toEqual({ armed: true });
    presentWhenReading(core, 'visa-approve', 'insert');
    const summary = ok(await core.dispatch('terminal.sale', { amountMinor: 1700 })) as SaleSummary;
    expect(summary).toMatchObject({ outcome: 'approved', approvedMinor: 1700 });
    expect(phases.map((state) => state.phase)).toContain('resolving');
    const lookup = ok(await core.dispatch('terminal.lookup', { orderId: summary.orderId })) as { gateway: unknown[] };
    expect(lookup.gateway).toHaveLength(1);
    await core.close();
    expect(entries(dir)).toEqual([expect.objectContaining({ orderId: summary.orderId, state: 'resolved' })]);
  });

  it('training settles its batches on request, so a sale can be refunded; a live lane refuses both controls', async () => {
    const { core } = lane();
    await devicesConnected(core);
    presentWhenReading(core, 'visa-approve', 'insert');
    const sale = ok(await core.dispatch('terminal.sale', { amountMinor: 1100 })) as SaleSummary;
    expect(
      await core.dispatch('terminal.refund', { orderId: sale.orderId, amountMinor: 1100, reason: 'returned' }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/has not settled/) } });
    expect(ok(await core.dispatch('training.settleBatches', {}))).toEqual({ batches: 1 });
    expect(
      ok(await core.dispatch('terminal.refund', { orderId: sale.orderId, amountMinor: 1100, reason: 'returned' })),
    ).toMatchObject({ outcome: 'approved', amountMinor: 1100 });
    const { logger } = collectingLogger();
    const live = createCore({
      training: laneTraining,
      settings: settingsSchema.parse({ training: false }),
      shell: 'browser',
      logger,
    });
    cores.push(live);
    expect(await live.dispatch('training.settleBatches', {})).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition' },
    });
    expect(await live.dispatch('training.loseNextAnswer', {})).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition' },
    });
  });

  it('makes one authorization from two Pay presses', async () => {
    const { core, dir } = lane();
    await devicesConnected(core);
    presentWhenReading(core, 'mastercard-approve', 'insert');
    const [first, second] = await Promise.all([
      core.dispatch('terminal.sale', { amountMinor: 2200 }),
      core.dispatch('terminal.sale', { amountMinor: 2200 }),
    ]);
    expect(ok(first)).toEqual(ok(second));
    await core.close();
    expect(entries(dir)).toHaveLength(1);
  });

  it('cancels while waiting for the card, and refuses a different sale while one runs', async () => {
    const { core, phases } = lane();
    await devicesConnected(core);
    const sale = core.dispatch('terminal.sale', { amountMinor: 999 });
    await until(() => core.terminal.current().phase === 'awaiting-card');
    expect(await core.dispatch('terminal.sale', { amountMinor: 5 })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/Another payment is in progress/) },
    });
    expect(ok(await core.dispatch('terminal.cancel', {}))).toEqual({ canceled: true });
    expect(await sale).toMatchObject({ ok: false, error: { message: 'The sale was canceled.' } });
    expect(phases.at(-1)).toMatchObject({ phase: 'idle', detail: 'Sale canceled' });
  });

  it('refuses a chip card\u2019s swipe until the chip fails, saying so on the awaiting-card phase, then takes the fallback swipe', async () => {
    const { core, dir, phases } = lane();
    await devicesConnected(core);
    const said: string[] = [];
    const stop = core.events.subscribe((name, payload) => {
      const state = payload as TerminalState;
      if (name !== 'terminal.state' || state.phase !== 'awaiting-card') return;
      said.push(state.detail ?? '');
      // The cashier does what the screen says: swipe, then insert when told, then swipe when told.
      const method =
        said.length === 1
          ? 'swipe'
          : state.detail === 'Chip card: insert it'
            ? 'insert'
            : state.detail === 'Chip failed: swipe the card'
              ? 'swipe'
              : undefined;
      // A person reacts after the reader has finished typing its last record.
      if (method) setImmediate(() => void core.cardReaders.presentTestCard({ cardId: 'visa-chip-failure', method }));
    });
    const summary = ok(await core.dispatch('terminal.sale', { amountMinor: 1200 })) as SaleSummary;
    stop();
    expect(summary).toMatchObject({ outcome: 'approved', entryMode: 'fallback-swipe' });
    expect(said).toEqual([
      'Insert, tap or swipe the card',
      'Chip card: insert it',
      'The chip could not be read: insert the card again',
      'Chip failed: swipe the card',
    ]);
    // Four prompts: the first, insert, insert again, swipe.
    const prompts = Array<string>(4).fill('awaiting-card');
    expect(phases.map((state) => state.phase)).toEqual([...prompts, 'card-read', ...approvedAndPrinted]);
    await core.close();
    expect(entries(dir)).toEqual([
      expect.objectContaining({ orderId: summary.orderId, entryMode: 'fallback-swipe', state: 'completed' }),
    ]);
  });

  it('asks for the signature the rules require, on the training pad, before authorizing', async () => {
    const { core, phases } = lane();
    await devicesConnected(core);
    presentWhenReading(core, 'visa-signature', 'insert');
    const stop = core.events.subscribe((name, payload) => {
      if (name === 'signature.session' && (payload as { state: string }).state === 'capturing') {
        stop();
        void core.signature.replay('initials-short').then(() => core.signature.accept());
      }
    });
    const summary = ok(await core.dispatch('terminal.sale', { amountMinor: 3000 })) as SaleSummary;
    expect(summary).toMatchObject({ outcome: 'approved', signatureRequired: true });
    expect(phases.map((state) => state.phase)).toEqual([
      'awaiting-card',
      'card-read',
      'signature',
      ...approvedAndPrinted,
    ]);
    const page = ok(await core.dispatch('printers.lastPage', {})) as { lines: string[] };
    expect(page.lines.map((line) => line.trim())).toContain('CUSTOMER COPY');
  });
});
