import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsInput } from '../../../../src-main/lane/config/settings';
import type { Core } from '../../../../src-main/lane/core/core';
import type {
  JournalEntryView,
  KeyedEntryView,
  SaleSummary,
  TerminalState,
} from '../../../../src-main/lane/ipc/contract';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { loadTestCards } from '../../../../src-main/stand-ins/devices/test-cards';
import { recordingRelay } from '../../../support/recording-relay';
import { ok, trainingJournalEntries } from '../../../support/test-core';
import { cardSale, devicesConnected, laneAgainst, merchid, testGatewayClient } from './support';

/**
 * Issue 37, "keyed entry completeness": what a counter sale puts on the wire, read on the wire
 * (a recording relay in front of the real emulator) and in the real SQLite journal: the lane's
 * termid and its own facts as userfields on every authorization, a keyed card's billing address,
 * and no card data or address in the journal.
 */

const visa = loadTestCards(join(process.cwd(), 'assets')).find((card) => card.id === 'visa-approve')!;

let emulator: RunningEmulator;
let relay: Awaited<ReturnType<typeof recordingRelay>>;
const cores: Core[] = [];

beforeEach(async () => {
  emulator = await startEmulator({ realism: false });
  relay = await recordingRelay(emulator.url);
});
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await relay.close();
  await emulator.close();
});

/** A training lane whose gateway client goes through the relay, its journal in a file, cashier 1001 signed in. */
function lane(settings: SettingsInput = {}) {
  const { core, journalPath, lines } = laneAgainst({ ...emulator, url: relay.baseUrl }, cores, settings, {
    cashierId: '1001',
  });
  return { core, dir: dirname(journalPath), lines };
}

const authBodies = () =>
  relay.recorded.filter((call) => call.url.endsWith('/auth')).map((call) => call.body as Record<string, unknown>);

/** Keys a card and its billing address as the cashier would, one key at a time, once the sale waits for it. */
function keyWhenAsked(core: Core, keys: readonly string[]) {
  const stop = core.events.subscribe((name, payload) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card') {
      stop();
      void (async () => {
        for (const key of keys) await core.dispatch('terminal.keyEntry', { key });
      })();
    }
  });
}

describe('what a counter sale tells the gateway of the lane', () => {
  it('sends termid and the lane, cashier and shift as userfields, as the journal row names them', async () => {
    const { core, dir } = lane({ gateway: { termid: 'LAN00001' } });
    const shift = core.day.openShift(10_000, '1001');
    const sale = await cardSale(core, 'visa-approve', 1200);
    expect(sale.outcome).toBe('approved');
    const [body] = authBodies();
    expect(body).toMatchObject({
      termid: 'LAN00001',
      userfields: [{ lanepoint_lane: 'LANE-01' }, { lanepoint_cashier: '1001' }, { lanepoint_shift: String(shift.id) }],
    });
    // The gateway keeps them: its record of the sale carries them back for the reports.
    const record = await testGatewayClient(emulator.url).inquireByOrderid({ merchid, orderid: sale.orderId });
    expect(JSON.stringify(record)).toContain('lanepoint_cashier');
    await core.close();
    const [row] = trainingJournalEntries(dir);
    expect(row).toMatchObject({ orderId: sale.orderId, cashier: '1001', shiftId: shift.id });
  });

  it('sends no termid when the setting is empty, and leaves out a shift that is not open', async () => {
    const { core } = lane();
    await cardSale(core, 'visa-approve', 700);
    const [body] = authBodies();
    expect(body).not.toHaveProperty('termid');
    expect(body?.userfields).toEqual([{ lanepoint_lane: 'LANE-01' }, { lanepoint_cashier: '1001' }]);
  });

  it('sends a keyed card’s postal code and street, shows the address check, and journals neither', async () => {
    const { core, dir, lines } = lane({ payments: { askStreetWhenKeyed: true }, gateway: { termid: '21341324' } });
    await devicesConnected(core);
    const echoes: KeyedEntryView[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'terminal.keyEntry') echoes.push(payload as KeyedEntryView);
    });
    // A postal code ending 113: the emulator's address check answers Z (the guides' UAT zip codes).
    keyWhenAsked(core, [
      ...visa.pan,
      'Enter',
      ...'1228',
      'Enter',
      ...'123',
      'Enter',
      ...'19113',
      'Enter',
      ...'9 Elm St',
      'Enter',
    ]);
    const sale = ok(await core.dispatch('terminal.sale', { amountMinor: 1500, entry: 'keyed' })) as SaleSummary;
    expect(sale).toMatchObject({
      outcome: 'approved',
      avs: { code: 'Z', words: 'Address check: ZIP matches, street does not (Z)', match: 'partial' },
    });
    expect(echoes.some((echo) => echo.fields.includes('street') && echo.street === '9 Elm St')).toBe(true);
    const [body] = authBodies();
    expect(body).toMatchObject({ postal: '19113', address: '9 Elm St', termid: '21341324' });
    expect(body).not.toHaveProperty('country');
    // The journal keeps the answer's code (not the address), so History says the same words later.
    const [row] = ok(await core.dispatch('terminal.history', { orderId: sale.orderId })) as JournalEntryView[];
    expect(row).toMatchObject({ operation: 'auth', avs: sale.avs });
    await core.close();
    const journal = JSON.stringify(trainingJournalEntries(dir));
    for (const secret of [visa.pan, '19113', '9 Elm St']) {
      expect(journal).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret);
    }
  });

  it('takes another country’s postal code with its country', async () => {
    const { core } = lane();
    await devicesConnected(core);
    keyWhenAsked(core, [
      ...visa.pan,
      'Enter',
      ...'1228',
      'Enter',
      ...'123',
      'Enter',
      ...'K1A 0B1',
      'Enter',
      ...'ca',
      'Enter',
    ]);
    const sale = ok(await core.dispatch('terminal.sale', { amountMinor: 900, entry: 'keyed' })) as SaleSummary;
    expect(sale.outcome).toBe('approved');
    expect(authBodies()[0]).toMatchObject({ postal: 'K1A 0B1', country: 'CA' });
  });
});
