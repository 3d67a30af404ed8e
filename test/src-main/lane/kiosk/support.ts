import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { settingsSchema, type SettingsInput } from '../../../../src-main/lane/config/settings';
import type { Clock } from '../../../../src-main/platform/clock';
import { createCore, type Core } from '../../../../src-main/lane/core/core';
import type { CoreOptions } from '../../../../src-main/lane/core/core-options';
import type { RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import type {
  CommandArgs,
  CommandName,
  CommandReply,
  CommandResult,
  KioskState,
  SaleSummary,
} from '../../../../src-main/lane/ipc/contract';
import type { emulatorAdmin } from '../../../support/emulator-admin';
import { payLinkCall, payLinkCertificate } from '../../../support/pay-link';
import { collectingLogger, ok, trainingJournalEntries, until } from '../../../support/test-core';
import { devicesConnected, merchid, presentWhenReading, testGatewayClient } from '../terminal/support';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';

/**
 * A kiosk lane against a gateway emulator over real HTTP: kiosk mode, training's emulated
 * reader and printer, its journal and its kiosk folder (catalogue, service state) in `folder`
 * (a fresh one unless given: a restart passes the last one's), nobody signed in. Background
 * recovery never runs on its own.
 */
export function kioskLane(
  emulator: RunningEmulator,
  cores: Core[],
  folder?: string,
  settings: SettingsInput = {},
  clock?: Clock,
  /** More of the core's options (offline payments: a secret store and the gateway link). */
  extra: Partial<Pick<CoreOptions, 'secrets' | 'gatewayLink'>> = {},
) {
  const dir = folder ?? mkdtempSync(join(tmpdir(), 'kiosk-lane-'));
  const { logger, lines } = collectingLogger();
  const client = testGatewayClient(emulator.url);
  /** The kiosk's walk-away limits as scheduled: the test runs them when it says time has passed. */
  const kioskTimers = new Set<{ run: () => void; ms: number }>();
  const core = createCore({
    training: laneTraining,
    ...(clock ? { clock } : {}),
    kioskTimer: (run, ms) => {
      const timer = { run, ms };
      kioskTimers.add(timer);
      return () => kioskTimers.delete(timer);
    },
    settings: settingsSchema.parse({ mode: 'kiosk', ...settings }),
    shell: 'browser',
    logger,
    journalPath: join(dir, 'training-journal.sqlite'),
    kioskFolder: dir,
    gateway: async () => ({ client, merchid }),
    recoveryTimer: () => () => undefined,
    ...extra,
  });
  cores.push(core);
  const states: KioskState[] = [];
  core.events.subscribe((name, payload) => {
    if (name === 'kiosk.state') states.push(payload as KioskState);
  });
  /** A kiosk command's result; a refusal throws its message. */
  const kiosk = async <N extends CommandName>(name: N, args: CommandArgs<N> = {} as CommandArgs<N>) =>
    ok((await core.dispatch(name, args)) as CommandReply<CommandResult<N>>);
  /** A kiosk command's refusal (it must be refused). */
  const refused = async <N extends CommandName>(name: N, args: CommandArgs<N> = {} as CommandArgs<N>) => {
    const reply = (await core.dispatch(name, args)) as CommandReply<CommandResult<N>>;
    if (reply.ok) throw new Error(`${name} was not refused`);
    return reply.error;
  };
  /** The pages training's printer printed so far. */
  const pages = () => core.deviceManager.printer()?.emulated?.pages.length ?? 0;
  /** What the gateway holds for an order. */
  const gatewayRecords = (orderid: string) => client.inquireByOrderid({ merchid, orderid });
  /** Runs the kiosk timers scheduled for `ms` or less (the walk-away limit after that long). */
  const passKioskTime = (ms: number) => {
    for (const timer of [...kioskTimers])
      if (timer.ms <= ms) {
        kioskTimers.delete(timer);
        timer.run();
      }
  };
  return { core, dir, client, lines, states, kiosk, refused, pages, gatewayRecords, kioskTimers, passKioskTime };
}

/** The journal rows of a lane's folder, read after the lane closed. */
export const journalRows = trainingJournalEntries;

/** What the journal of a lane's folder did, in order: operation, state, order id. */
export const journalMoves = (dir: string) =>
  journalRows(dir)
    .sort((a, b) => a.id - b.id)
    .map((row) => [row.operation, row.state, row.orderId]);

/**
 * Scans a cola and pays it with an approving card while the gateway's answer is lost and
 * neither inquire nor void reach it: the outcome stays unknown and the kiosk needs staff. The
 * faults stay set; the caller clears them when staff are to settle it.
 */
export async function unconfirmedPayment(lane: ReturnType<typeof kioskLane>, admin: ReturnType<typeof emulatorAdmin>) {
  await devicesConnected(lane.core);
  await lane.kiosk('kiosk.scan', { barcode: '012000000133' });
  await admin.fault('auth', 'drop-after');
  await admin.fault('inquireByOrderid', 'http-500', 'always');
  await admin.fault('voidByOrderId', 'http-500', 'always');
  presentWhenReading(lane.core, 'visa-approve');
  const unknown = await lane.kiosk('kiosk.pay', { tender: 'card' });
  expect(unknown).toMatchObject({ outcome: 'unknown' });
  return unknown;
}

/** Training's AA batteries (6.49 + 0.54 tax): above the partial-approval card's 6.00, which approves 5.00. */
export const batteries = '041333043241';

/**
 * Scans the batteries (and `more`), then pays with the partial-approval card: the basket is
 * locked with 5.00 paid. Answers the partial payment's summary.
 */
export async function partlyPaid(lane: ReturnType<typeof kioskLane>, more: readonly string[] = []) {
  await devicesConnected(lane.core);
  for (const barcode of [batteries, ...more]) await lane.kiosk('kiosk.scan', { barcode });
  presentWhenReading(lane.core, 'visa-partial');
  return lane.kiosk('kiosk.pay', { tender: 'card' });
}

/**
 * A training lane on the built-in gateway (wallet payments need its tokenizer) with wallet
 * payments on, in `mode`, its journal, wallet keys and kiosk files in a fresh folder.
 */
export function walletKioskLane(cores: Core[], mode: 'kiosk' | 'counter' = 'kiosk') {
  const dir = mkdtempSync(join(tmpdir(), `${mode}-wallet-`));
  const { logger, lines } = collectingLogger();
  const core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse({ mode, wallet: { enabled: true, payLinkPort: 0 } }),
    shell: 'browser',
    logger,
    journalPath: join(dir, 'training-journal.sqlite'),
    trainingGatewayPath: join(dir, 'training-gateway.sqlite'),
    walletFolder: dir,
    kioskFolder: dir,
  });
  cores.push(core);
  return { core, dir, lines };
}

/** Pays the wallet payment `reply` waits on from training's emulated phone, through the lane's pay link. */
export async function payOnThePhone(core: Core, dir: string, reply: Promise<unknown>) {
  await until(() => Boolean(core.terminal.current().sale?.payLink), 'the pay link', 30_000);
  const url = core.terminal.current().sale!.payLink!.url;
  const ca = payLinkCertificate(dir);
  const payload = await payLinkCall(`${url}/training-payload`, ca, { method: 'POST' });
  expect(payload.status).toBe(200);
  await payLinkCall(url, ca, { method: 'POST', body: payload.text, contentType: 'application/json' });
  return ok((await reply) as CommandReply<SaleSummary>);
}

/**
 * A customer copy training's printer printed (`nth` counted as `Array.at` counts: the last by
 * default), without what differs between any two payments, nor the blank feed a page after a
 * cut begins with.
 */
export function customerCopy(core: Core, summary: SaleSummary, nth = -1): string[] {
  const pages = core.deviceManager.printer()?.emulated?.pages ?? [];
  const page = pages.filter((candidate) => candidate.lines.some((line) => /CUSTOMER COPY/.test(line))).at(nth);
  expect(page, 'a customer copy was printed').toBeDefined();
  const text = page!.lines.join('\n').trim().split('\n');
  return text.map((line) =>
    line
      .replaceAll(summary.orderId, '<order>')
      .replace(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}(:\d{2})?/, '<when>')
      .replace(/(Auth code|Reference|Batch) +\S+/, '$1 <id>'),
  );
}
