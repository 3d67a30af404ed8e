import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { integratedTerminalApiKeyName } from '../../../../src-main/lane/config/integrated-terminal-settings';
import { createFileSecretStore, type SecretStore } from '../../../../src-main/lane/config/secrets';
import { settingsSchema, type SettingsInput } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type { CoreOptions } from '../../../../src-main/lane/core/core-options';
import { integratedTerminalDeviceId } from '../../../../src-main/lane/core/setup-integrated-terminal';
import type { TrainingTerminal } from '../../../../src-main/lane/core/training-kit';
import type { CommandReply, DeviceInfo, SaleSummary, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { hashPin } from '../../../../src-main/lane/session/pin-hash';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';
import { terminalTestCards } from '../../../../src-main/stand-ins/terminal-emulator/test-cards';
import { laneCredentials } from '../../../support/journal-lane';
import { collectingLogger, until } from '../../../support/test-core';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { noWaitClock } from '../../../support/no-wait-clock';
import {
  apiKey,
  ingenico,
  merchantId,
  post,
  prompted,
  standPerTest,
  type Stand,
} from '../../stand-ins/terminal-emulator/support';

/**
 * A whole lane (createCore) set to take cards on an integrated terminal: the terminal emulator in
 * front of the gateway emulator, reached in training through the kit's terminal and live through
 * the settings and a real secret store file; `terminal.sale` and `devices.list` as the screens
 * call them. The kit's terminal here hands the lane the test's emulator (training's own is made
 * by the shells); everything behind it is real.
 */
let stand: Stand;
standPerTest((started) => (stand = started));

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

/** A live lane has only the staff its settings name: one manager. */
const manager = { id: '7', name: 'Robin', role: 'manager', pin: hashPin('2468') } as const;

const terminalSettings = (training: boolean, more: Partial<SettingsInput> = {}): SettingsInput => ({
  ...more,
  training,
  merchantId,
  ...(training ? {} : { staff: { members: [manager] } }),
  payments: { device: 'integrated-terminal', tips: true },
  integratedTerminal: { baseUrl: stand.terminals.url, hsn: ingenico },
});

function lane(training: boolean, more: Partial<CoreOptions> = {}, settings: Partial<SettingsInput> = {}) {
  const { logger, lines } = collectingLogger();
  const client = createGatewayClient({ baseUrl: stand.gateway.url, credentials: laneCredentials, clock: noWaitClock });
  const terminal: TrainingTerminal = {
    connection: async (merchant) => ({ baseUrl: stand.terminals.url, merchantId: merchant, hsn: ingenico, apiKey }),
    screen: () => null,
    act: () => Promise.reject(new Error('not used here')),
    onScreen: () => () => undefined,
    close: async () => undefined,
  };
  const core = createCore({
    training: (options, clock) => ({ ...laneTraining(options, clock), terminal }),
    settings: settingsSchema.parse(terminalSettings(training, settings)),
    shell: 'browser',
    logger,
    clock: stand.clock,
    journalPath: join(mkdtempSync(join(tmpdir(), 'terminal-lane-')), 'journal.sqlite'),
    gateway: async () => ({ client, merchid: merchantId }),
    recoveryTimer: () => () => undefined,
    ...more,
  });
  cores.push(core);
  core.session.signIn(training ? { cashierId: '9001', pin: '9999' } : { cashierId: '7', pin: '2468' });
  return { core, lines };
}

const call = <R>(core: Core, name: string, args: object) =>
  core.dispatch(name as never, args as never) as Promise<CommandReply<R>>;
const terminal = () => stand.terminals.terminal(ingenico);
const listed = (core: Core): DeviceInfo | undefined =>
  core.devices.list('card-reader').find((device) => device.id === integratedTerminalDeviceId);

describe('a lane set to take cards on an integrated terminal', () => {
  it('in training sells on the kit’s terminal: tip on the terminal, approved, charged once at the gateway', async () => {
    const { core, lines } = lane(true);
    const selling = call<SaleSummary>(core, 'terminal.sale', { amountMinor: 1000 });
    await prompted(stand, ingenico, 'tip');
    terminal().chooseTip({ percent: 15 });
    await prompted(stand, ingenico, 'card');
    terminal().tapCard(terminalTestCards.visa);
    const reply = await selling;
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.result).toMatchObject({
      outcome: 'approved',
      requestedMinor: 1150,
      approvedMinor: 1150,
      tender: 'sale',
    });
    const state = await call<TerminalState>(core, 'terminal.state', {});
    expect(state).toMatchObject({ ok: true, result: { sale: { dueMinor: null } } });
    expect(reply.result.maskedPan).toMatch(/^\*{4}1443$/);
    const charged = stand.gateway.context.ledger.byOrderId(reply.result.orderId);
    expect(charged).toMatchObject([{ respstat: 'A', amount: 1150 }]);
    expect(lines.join('\n')).not.toContain(terminalTestCards.visa.pan);
  });

  it('a partial approval leaves the rest owed, and the next card on the terminal pays it, asked no second tip', async () => {
    const { core } = lane(true);
    const first = call<SaleSummary>(core, 'terminal.sale', { amountMinor: 800 });
    await prompted(stand, ingenico, 'tip');
    terminal().chooseTip('none');
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.partial);
    const partial = await first;
    expect(partial).toMatchObject({
      ok: true,
      result: { outcome: 'partial', approvedMinor: 500, requestedMinor: 800 },
    });
    const owing = await call<TerminalState>(core, 'terminal.state', {});
    expect(owing).toMatchObject({ ok: true, result: { sale: { dueMinor: 300 } } });
    const second = call<SaleSummary>(core, 'terminal.sale', { amountMinor: 300 });
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    const rest = await second;
    expect(rest).toMatchObject({ ok: true, result: { outcome: 'approved', approvedMinor: 300 } });
    const paid = await call<TerminalState>(core, 'terminal.state', {});
    expect(paid).toMatchObject({ ok: true, result: { sale: { dueMinor: null } } });
    const charged = stand.gateway.context.ledger.all().filter((record) => record.respstat === 'A');
    expect(charged.map((record) => record.amount).sort()).toEqual([300, 500]);
  });

  it('a tip chosen, then a partial approval: what is still owed includes the tip, and the rest pays it all', async () => {
    const { core } = lane(true);
    const first = call<SaleSummary>(core, 'terminal.sale', { amountMinor: 800 });
    await prompted(stand, ingenico, 'tip');
    terminal().chooseTip({ percent: 15 });
    await prompted(stand, ingenico, 'card');
    // The screen shows the payment with the tip the customer chose.
    expect(await call<TerminalState>(core, 'terminal.state', {})).toMatchObject({
      ok: true,
      result: { sale: { amountMinor: 920, tipMinor: 120, running: true } },
    });
    terminal().insertCard(terminalTestCards.partial);
    const partial = await first;
    expect(partial).toMatchObject({ ok: true, result: { outcome: 'partial', requestedMinor: 920 } });
    if (!partial.ok) return;
    const owed = 920 - partial.result.approvedMinor;
    expect(await call<TerminalState>(core, 'terminal.state', {})).toMatchObject({
      ok: true,
      result: { sale: { dueMinor: owed } },
    });
    const second = call<SaleSummary>(core, 'terminal.sale', { amountMinor: owed });
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    expect(await second).toMatchObject({ ok: true, result: { outcome: 'approved', approvedMinor: owed } });
    expect(await call<TerminalState>(core, 'terminal.state', {})).toMatchObject({
      ok: true,
      result: { sale: { dueMinor: null } },
    });
    const charged = stand.gateway.context.ledger.all().filter((record) => record.respstat === 'A');
    expect(charged.reduce((sum, record) => sum + Number(record.amount), 0)).toBe(920);
  });

  it('ends its session with the terminal when the lane stops, so another POS connects without force', async () => {
    const { core } = lane(true);
    const selling = call<SaleSummary>(core, 'terminal.sale', { amountMinor: 500 });
    await prompted(stand, ingenico, 'tip');
    terminal().chooseTip('none');
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    expect(await selling).toMatchObject({ ok: true, result: { outcome: 'approved' } });
    const whileOpen = await post(stand, 'v2/connect', { merchantId, hsn: ingenico, force: 'false' });
    expect(whileOpen).toMatchObject({ status: 500, json: { errorMessage: 'Session exists for hsn' } });
    await core.close();
    cores.splice(cores.indexOf(core), 1);
    const afterStop = await post(stand, 'v2/connect', { merchantId, hsn: ingenico, force: 'false' });
    expect(afterStop.status).toBe(200);
  });

  it('refuses a tip keyed at the counter: the customer chooses it on the terminal, never twice', async () => {
    const { core } = lane(true);
    core.settings.payments.tips = true;
    const reply = await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 1000, tipMinor: 150 });
    expect(reply).toMatchObject({
      ok: false,
      error: { field: 'tipMinor', message: expect.stringMatching(/chooses the tip on the integrated terminal/) },
    });
    expect(terminal().screen().prompt.kind).toBe('none');
    expect(stand.gateway.context.ledger.all()).toEqual([]);
  });

  it('a kiosk pays its basket on the terminal: the customer tips and inserts there, and the receipt waits for their choice', async () => {
    const { core } = lane(true, {}, { mode: 'kiosk' });
    expect(await call(core, 'kiosk.start', {})).toMatchObject({ ok: true });
    expect(await call(core, 'kiosk.add', { itemId: 'BAK-002' })).toMatchObject({ ok: true });
    const paying = call<SaleSummary>(core, 'kiosk.pay', { tender: 'card' });
    await prompted(stand, ingenico, 'tip');
    terminal().chooseTip('none');
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    const paid = await paying;
    expect(paid).toMatchObject({ ok: true, result: { outcome: 'approved' } });
    if (!paid.ok) return;
    expect(await call(core, 'kiosk.state', {})).toMatchObject({
      ok: true,
      result: { step: 'receipt', basket: { dueMinor: 0, paidMinor: paid.result.approvedMinor } },
    });
    const charged = stand.gateway.context.ledger.all().filter((record) => record.respstat === 'A');
    expect(charged.map((record) => Number(record.amount))).toEqual([paid.result.approvedMinor]);
    expect(await call(core, 'terminal.history', {})).toMatchObject({
      ok: true,
      result: [{ operation: 'auth', state: 'completed', amountMinor: paid.result.approvedMinor }],
    });
  });

  it('refuses a card keyed at the lane, saying where the card goes', async () => {
    const { core } = lane(true);
    const reply = await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 1000, entry: 'keyed' });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.message).toMatch(/integrated terminal, which keys no card.*insert, tap or swipe/);
    expect(stand.gateway.context.ledger.all()).toEqual([]);
  });

  it('lists the terminal among the devices, connected, and disconnected once the service says so', async () => {
    const { core } = lane(true);
    await until(() => listed(core)?.status === 'connected', 'the terminal is listed as connected');
    expect(listed(core)).toMatchObject({
      kind: 'card-reader',
      transport: 'tcp',
      name: `Integrated terminal ${ingenico}`,
    });
    stand.terminals.terminal(ingenico).setConnected(false);
    stand.clock.advance(60_000);
    await until(() => listed(core)?.status === 'disconnected', 'the next check sees it off the network');
    expect(listed(core)?.lastError).toMatch(/not connected to the terminal service/);
  });

  it('live reads the API key from the secret store and sells on the terminal', async () => {
    const secrets = createFileSecretStore(mkdtempSync(join(tmpdir(), 'terminal-secrets-')));
    await secrets.set(integratedTerminalApiKeyName, apiKey);
    const { core } = lane(false, { secrets: () => secrets });
    const selling = call<SaleSummary>(core, 'terminal.sale', { amountMinor: 900, tender: 'authorize' });
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.mastercardPin);
    await prompted(stand, ingenico, 'pin');
    terminal().enterPin('1234');
    const reply = await selling;
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.result).toMatchObject({ outcome: 'approved', approvedMinor: 900, tender: 'authorize' });
    expect(stand.gateway.context.ledger.byOrderId(reply.result.orderId)).toMatchObject([{ respstat: 'A' }]);
  });

  it('live without the API key: the sale is refused naming the secret, and the device list says the same', async () => {
    const empty: SecretStore = createFileSecretStore(mkdtempSync(join(tmpdir(), 'terminal-secrets-')));
    const { core } = lane(false, { secrets: () => empty });
    const reply = await call<SaleSummary>(core, 'terminal.sale', { amountMinor: 900 });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.message).toMatch(/integrated terminal is not set up: the secret integrated-terminal\.api-key/);
    await until(() => listed(core)?.status === 'error', 'the device list shows the problem');
    expect(listed(core)?.lastError).toMatch(/integrated-terminal\.api-key/);
    expect(stand.gateway.context.ledger.all()).toEqual([]);
  });
});
