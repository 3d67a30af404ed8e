import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settingsSchema, type SettingsInput } from '../../../src-main/config/settings';
import { createCore, type Core } from '../../../src-main/core/core';
import { startEmulator, type RunningEmulator } from '../../../src-main/emulator/server';
import { createGatewayClient } from '../../../src-main/gateway/client';
import type { CommandName, CommandReply, SaleSummary, TerminalState } from '../../../src-main/ipc/contract';
import { afterEach, beforeEach } from 'vitest';
import { emulatorAdmin } from '../../support/emulator-admin';
import { collectingLogger, ok, until } from '../../support/test-core';

export const merchid = '496160873888';

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
  afterEach(async () => {
    await Promise.all(cores.splice(0).map((core) => core.close()));
    await current?.close();
  });
  const emulator = (): RunningEmulator => {
    if (!current) throw new Error('the emulator runs only inside a test');
    return current;
  };
  return { emulator, cores, settle: () => emulatorAdmin(emulator().url).settle() };
}

/**
 * A training lane whose gateway is the given emulator, over real HTTP, with its journal in a
 * file, signed in as `cashierId` (the practice manager by default).
 */
export function laneAgainst(
  emulator: RunningEmulator,
  cores: Core[],
  settings: SettingsInput = {},
  cashierId: '1001' | '9001' = '9001',
) {
  const dir = mkdtempSync(join(tmpdir(), 'lane-'));
  const journalPath = join(dir, 'training-journal.sqlite');
  const { logger } = collectingLogger();
  const client = createGatewayClient({
    baseUrl: emulator.url,
    credentials: { level: 'site', username: 'testing', password: 'testing123' },
    sleep: async () => undefined,
  });
  const core = createCore({
    settings: settingsSchema.parse(settings),
    shell: 'browser',
    logger,
    journalPath,
    gateway: async () => ({ client, merchid }),
  });
  cores.push(core);
  core.session.signIn({ cashierId, pin: cashierId === '9001' ? '9999' : '1234' });
  return { core, client, journalPath };
}

export const call = <R>(core: Core, name: CommandName, args: object) =>
  core.dispatch(name, args) as Promise<CommandReply<R>>;

/** A card sale with a deck card, presented as soon as the terminal waits for one. */
export async function cardSale(
  core: Core,
  cardId: string,
  amountMinor: number,
  tender?: 'sale' | 'authorize',
): Promise<SaleSummary> {
  await until(() => core.devices.list().every((device) => device.status === 'connected'));
  const stop = core.events.subscribe((name, payload) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card') {
      stop();
      void core.cardReaders.presentTestCard({ cardId, method: 'insert' });
    }
  });
  return ok(await call<SaleSummary>(core, 'terminal.sale', { amountMinor, ...(tender ? { tender } : {}) }));
}
