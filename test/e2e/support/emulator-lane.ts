import { noWaitClock } from '../../support/no-wait-clock';
import type { Clock } from '../../../src-main/platform/clock';
import { builtRendererDir } from '../../../src-main/shells/cli/paths';
import { settingsSchema } from '../../../src-main/lane/config/settings';
import { createCore, type Core } from '../../../src-main/lane/core/core';
import { createGatewayClient } from '../../../src-main/lane/gateway/client';
import { answerWindowMs } from '../../../src-main/lane/gateway/recovery';
import { startHost } from '../../../src-main/shells/host/server';
import { collectingLogger } from '../../support/test-core';
import { closeContexts, sharedChromium } from './chromium';
import { laneTraining } from '../../../src-main/shells/training/lane-training';

/**
 * A counter lane on a gateway emulator the test started (so it can inject faults), its journal in
 * `journalPath`, served to Chromium. The background checks (every 30 s at first, or at the end of
 * the gateway's answer window) are not timed: they wait in `timers` for the test to run them.
 */
export async function laneOnEmulator(
  chromium: string,
  options: { emulatorUrl: string; merchid: string; journalPath: string; clock?: Clock; terminalId?: string },
) {
  const timers: Array<() => void> = [];
  const client = createGatewayClient({
    baseUrl: options.emulatorUrl,
    credentials: { level: 'site', username: 'testing', password: 'testing123' },
    clock: noWaitClock,
  });
  const core: Core = createCore({
    training: laneTraining,
    settings: settingsSchema.parse(options.terminalId ? { terminalId: options.terminalId } : {}),
    shell: 'browser',
    logger: collectingLogger().logger,
    journalPath: options.journalPath,
    gateway: async () => ({ client, merchid: options.merchid }),
    recoveryTimer: (run, ms) => {
      if (ms >= 30_000 && ms <= answerWindowMs) timers.push(run);
      return () => undefined;
    },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const host = await startHost({ core, port: 0, rendererDir: builtRendererDir });
  const browser = await sharedChromium(chromium);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  return {
    core,
    host,
    page,
    timers,
    journalPath: options.journalPath,
    async close() {
      await closeContexts(browser);
      await host.close();
      await core.close();
    },
  };
}
