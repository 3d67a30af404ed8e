import { noWaitClock } from '../../../support/no-wait-clock';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settingsSchema, type SettingsInput } from '../../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type { CoreOptions } from '../../../../src-main/lane/core/core-options';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import type {
  CardTender,
  CommandName,
  CommandReply,
  RecoveryItem,
  SaleSummary,
  TerminalState,
} from '../../../../src-main/lane/ipc/contract';
import { afterEach, beforeEach } from 'vitest';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { collectingLogger, ok, until } from '../../../support/test-core';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

export const merchid = '496160873888';

/** The lanes a test file makes, closed after each test. */
export function lanesClosedAfterEachTest(): Core[] {
  const cores: Core[] = [];
  afterEach(async () => {
    await Promise.all(cores.splice(0).map((core) => core.close()));
  });
  return cores;
}

/**
 * A fresh gateway emulator for each test of the file, and the lanes made against it
 * (`laneAgainst(emulator(), cores)`), all closed after the test.
 */
export function emulatorForEachTest() {
  let current: RunningEmulator | undefined;
  const cores: Core[] = [];
  beforeEach(async () => {
    current = await startEmulator();
  });
  // The lanes first: one closing may still reach its gateway.
  afterEach(async () => {
    await Promise.all(cores.splice(0).map((core) => core.close()));
    await current?.close();
  });
  const emulator = (): RunningEmulator => {
    if (!current) throw new Error('the emulator runs only inside a test');
    return current;
  };
  const admin = () => emulatorAdmin(emulator().url);
  return { emulator, cores, admin, settle: () => admin().settle() };
}

/** A gateway client on an emulator's public test credentials, retrying without waiting. */
export function testGatewayClient(url: string) {
  return createGatewayClient({
    baseUrl: url,
    credentials: { level: 'site', username: 'testing', password: 'testing123' },
    clock: noWaitClock,
  });
}

/** What a test lane gathers of what it publishes and logs. */
function watch(core: Core, lines: string[]) {
  const phases: TerminalState[] = [];
  const queues: RecoveryItem[][] = [];
  core.events.subscribe((name, payload) => {
    if (name === 'terminal.state') phases.push(payload as TerminalState);
    if (name === 'terminal.recoveryQueue') queues.push(payload as RecoveryItem[]);
  });
  return { phases, queues, lines };
}

/** Who a test lane signs in, and the background-recovery timers it hands over instead of running. */
export interface LaneOptions {
  /** The practice manager by default, so voids, refunds and settling by hand need no PIN. */
  readonly cashierId?: '1001' | '9001';
  /** When given, each recovery run is pushed here for the test to start. */
  readonly timers?: Array<() => void>;
  /** Offline store-and-forward: the link the lane reads (the test sets it) and a secret store for the seal's key. */
  readonly offline?: Pick<CoreOptions, 'gatewayLink' | 'secrets'>;
  /** The lane's clock, when the test reads the times it journals. */
  readonly clock?: CoreOptions['clock'];
}

/**
 * A training lane whose gateway is the given emulator, over real HTTP, with its journal in a
 * file, signed in as `cashierId`; `phases`, `queues` and `lines` gather its terminal states,
 * recovery queues and log lines.
 */
export function laneAgainst(
  emulator: RunningEmulator,
  cores: Core[],
  settings: SettingsInput = {},
  { cashierId = '9001', timers, offline, clock }: LaneOptions = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'lane-'));
  const journalPath = join(dir, 'training-journal.sqlite');
  const { logger, lines } = collectingLogger();
  const client = testGatewayClient(emulator.url);
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse(settings),
    shell: 'browser',
    logger,
    journalPath,
    gateway: async () => ({ client, merchid }),
    ...(timers ? { recoveryTimer: (run: () => void) => (timers.push(run), () => undefined) } : {}),
    ...offline,
    ...(clock ? { clock } : {}),
  });
  cores.push(core);
  core.session.signIn({ cashierId, pin: cashierId === '9001' ? '9999' : '1234' });
  return { core, client, journalPath, ...watch(core, lines) };
}

/**
 * A training lane on its own journal and its own built-in gateway (real HTTP), cashier 1001
 * signed in; `phases` gathers its terminal states.
 */
export function builtInTrainingLane(cores: Core[], settings: SettingsInput = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'training-lane-'));
  const { logger, lines } = collectingLogger();
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse(settings),
    shell: 'browser',
    logger,
    journalPath: join(dir, 'training-journal.sqlite'),
    trainingGatewayPath: join(dir, 'training-gateway.sqlite'),
  });
  cores.push(core);
  core.session.signIn({ cashierId: '1001', pin: '1234' });
  return { core, dir, ...watch(core, lines) };
}

export const call = <R>(core: Core, name: CommandName, args: object) =>
  core.dispatch(name, args) as Promise<CommandReply<R>>;

/** Waits until every device of the lane is connected, as a sale needs. */
export const devicesConnected = (core: Core) =>
  until(() => core.devices.list().every((device) => device.status === 'connected'));

/** Presents a deck card as soon as the terminal waits for one. */
export function presentWhenReading(core: Core, cardId: string, method: 'insert' | 'tap' | 'swipe' = 'insert') {
  const stop = core.events.subscribe((name, payload) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card') {
      stop();
      void core.cardReaders.presentTestCard({ cardId, method });
    }
  });
}

/** A card sale with a deck card, inserted as soon as the terminal waits for one. */
export async function cardSale(
  core: Core,
  cardId: string,
  amountMinor: number,
  tender?: CardTender,
  extra: object = {},
): Promise<SaleSummary> {
  await devicesConnected(core);
  presentWhenReading(core, cardId);
  return ok(await call<SaleSummary>(core, 'terminal.sale', { amountMinor, ...(tender ? { tender } : {}), ...extra }));
}

/** Stores a card at the emulator as a profile (a $0 auth asking for one); answers `profileid/acctid`. */
export async function storedProfile(url: string, account: string): Promise<string> {
  const created = await testGatewayClient(url).auth({
    merchid,
    amount: 0,
    account,
    expiry: '1228',
    profile: 'Y',
  });
  return `${created.profileid}/${created.acctid}`;
}
