import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsSchema, type SettingsInput } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type { SaleSummary, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { collectingLogger, ok, until } from '../../../support/test-core';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

/**
 * The main process owns the customer's sale: a screen that connects mid-sale (a reload, a second
 * window) asks `terminal.state` and gets the phase, the amount, the tender and what is still owed,
 * and can cancel. Real core, real training gateway (the emulator over HTTP), real SQLite journal.
 */
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

function lane(settings: SettingsInput = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'current-sale-'));
  const timers: Array<{ run: () => void; ms: number }> = [];
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse(settings),
    shell: 'browser',
    logger: collectingLogger().logger,
    journalPath: join(dir, 'training-journal.sqlite'),
    trainingGatewayPath: join(dir, 'training-gateway.sqlite'),
    recoveryTimer: (run, ms) => (
      timers.push({ run, ms }),
      () => timers.splice(timers.findIndex((timer) => timer.run === run) >>> 0, 1)
    ),
  });
  cores.push(core);
  core.session.signIn({ cashierId: '9001', pin: '9999' });
  return { core, timers };
}

/** What a screen that just connected asks for. */
const freshScreen = async (core: Core) => ok(await core.dispatch('terminal.state', {})) as TerminalState;

const connected = (core: Core) => until(() => core.devices.list().every((device) => device.status === 'connected'));

function presentWhenReading(core: Core, cardId: string) {
  const stop = core.events.subscribe((name, payload) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card') {
      stop();
      void core.cardReaders.presentTestCard({ cardId, method: 'insert' });
    }
  });
}

describe('the sale the main process keeps', () => {
  it('gives a screen that connects during the card wait the phase, amount, tender and tip, and lets it cancel', async () => {
    const { core } = lane({ payments: { tips: true } });
    await connected(core);
    const sale = core.dispatch('terminal.sale', {
      amountMinor: 1250,
      tipMinor: 150,
      cart: [{ description: 'Coffee beans', quantity: 1, unitMinor: 1100, taxMinor: 0 }],
    });
    await until(() => core.terminal.current().phase === 'awaiting-card');
    const seen = await freshScreen(core);
    expect(seen).toMatchObject({
      phase: 'awaiting-card',
      sale: {
        amountMinor: 1250,
        tipMinor: 150,
        tender: 'sale',
        entry: 'card',
        running: true,
        dueMinor: null,
        results: [],
      },
    });
    expect(seen.sale?.cart).toEqual([expect.objectContaining({ description: 'Coffee beans' })]);
    // The new screen's Cancel ends the wait the first screen started.
    expect(ok(await core.dispatch('terminal.cancel', {}))).toEqual({ canceled: true });
    expect(await sale).toMatchObject({ ok: false, error: { message: 'The sale was canceled.' } });
    expect(await freshScreen(core)).toMatchObject({
      phase: 'idle',
      sale: { running: false, results: [], problem: 'The sale was canceled.' },
    });
  });

  it('keeps the balance owed after a partial approval until the rest is tendered, and refuses New sale meanwhile', async () => {
    const { core } = lane();
    await connected(core);
    presentWhenReading(core, 'visa-partial');
    const partial = ok(await core.dispatch('terminal.sale', { amountMinor: 800 })) as SaleSummary;
    expect(partial).toMatchObject({ outcome: 'partial', approvedMinor: 500 });
    expect(await freshScreen(core)).toMatchObject({
      phase: 'done',
      sale: {
        running: false,
        dueMinor: 300,
        results: [expect.objectContaining({ orderId: partial.orderId, outcome: 'partial' })],
      },
    });
    expect(await core.dispatch('terminal.newSale', {})).toMatchObject({
      ok: false,
      error: { message: '$3.00 is still owed after the partial approval: take the rest, or void the approval first.' },
    });
    // A card part may be any amount up to what is owed (split tender, ADR 072); more is refused.
    expect(await core.dispatch('terminal.sale', { amountMinor: 800 })).toMatchObject({
      ok: false,
      error: { message: 'A card part can be at most $3.00, what is still owed.', field: 'amountMinor' },
    });
    presentWhenReading(core, 'mastercard-approve');
    expect(ok(await core.dispatch('terminal.sale', { amountMinor: 300 }))).toMatchObject({
      outcome: 'approved',
      approvedMinor: 300,
    });
    const paid = await freshScreen(core);
    expect(paid.sale).toMatchObject({
      dueMinor: null,
      results: [expect.objectContaining({ outcome: 'partial' }), expect.objectContaining({ outcome: 'approved' })],
    });
    expect(ok(await core.dispatch('terminal.newSale', {}))).toMatchObject({ sale: null });
    expect(await freshScreen(core)).toMatchObject({ sale: null });
  });

  it('forgets what is owed once the partial approval is voided', async () => {
    const { core } = lane();
    await connected(core);
    presentWhenReading(core, 'visa-partial');
    const partial = ok(await core.dispatch('terminal.sale', { amountMinor: 800 })) as SaleSummary;
    ok(await core.dispatch('terminal.void', { orderId: partial.orderId, reason: 'customer-canceled' }));
    expect((await freshScreen(core)).sale).toMatchObject({ dueMinor: null });
    expect(ok(await core.dispatch('terminal.newSale', {}))).toMatchObject({ sale: null });
  });

  it('ends a keyed entry nobody finishes after the card wait (payments.cardTimeoutSeconds), saying so', async () => {
    const { core, timers } = lane({ payments: { cardTimeoutSeconds: 45 } });
    await connected(core);
    const sale = core.dispatch('terminal.sale', { amountMinor: 990, entry: 'keyed' });
    await until(() => core.terminal.current().phase === 'awaiting-card');
    expect((await freshScreen(core)).sale).toMatchObject({ entry: 'keyed', running: true, amountMinor: 990 });
    await core.dispatch('terminal.keyEntry', { key: '4' });
    const timeout = timers.find((timer) => timer.ms === 45_000);
    expect(timeout).toBeDefined();
    timeout!.run();
    expect(await sale).toMatchObject({
      ok: false,
      error: { message: 'No card was keyed in time: start the sale again.' },
    });
    expect(await freshScreen(core)).toMatchObject({
      phase: 'idle',
      sale: { running: false, problem: 'No card was keyed in time: start the sale again.' },
    });
    expect(ok(await core.dispatch('terminal.keyEntry', { key: '5' }))).toMatchObject({ active: false, account: '' });
  });
});
