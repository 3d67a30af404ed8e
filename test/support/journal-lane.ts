import { noWaitClock } from './no-wait-clock';
import { mkdtempSync } from 'node:fs';
import { afterEach } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { createGatewayClient, type GatewayClient } from '../../src-main/lane/gateway/client';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import { Journal } from '../../src-main/lane/journal/journal';

/** The training merchant the emulator knows. */
export const laneMerchid = '496160873888';

/** The emulator's training credentials. */
export const laneCredentials = { level: 'site', username: 'testing', password: 'testing123' } as const;

/** What a journaled-operation test runs against: the emulator over real HTTP, a client, and a new journal file. */
export interface JournalLane {
  readonly emulator: RunningEmulator;
  readonly client: GatewayClient;
  readonly journal: Journal;
}

/**
 * Starts a lane for one test: the emulator, a gateway client that does not sleep between its
 * retries, and a fresh SQLite journal (lane LANE-01) under the tests' temporary folder, stamped by
 * `clock` (a test that measures the gateway's answer window moves its own).
 */
export async function openJournalLane(prefix: string, clock: Clock = systemClock): Promise<JournalLane> {
  const emulator = await startEmulator();
  const client = createGatewayClient({
    baseUrl: emulator.url,
    credentials: laneCredentials,
    clock: noWaitClock,
  });
  const journal = Journal.open(join(mkdtempSync(join(tmpdir(), prefix)), 'journal.sqlite'), {
    clock,
    terminalId: 'LANE-01',
  });
  return { emulator, client, journal };
}

/** Closes the journal, then the emulator. */
export async function closeJournalLane(lane: JournalLane): Promise<void> {
  lane.journal.close();
  await lane.emulator.close();
}

/**
 * Journal lanes for the tests of one file or describe block: call it there; it registers an
 * afterEach that closes every journal and emulator it opened.
 */
export function journalLanes(prefix: string): (clock?: Clock) => Promise<JournalLane> {
  const lanes: JournalLane[] = [];
  afterEach(async () => {
    for (const lane of lanes.splice(0)) {
      lane.journal.close();
      await lane.emulator.close();
    }
  });
  return async (clock) => {
    const lane = await openJournalLane(prefix, clock);
    lanes.push(lane);
    return lane;
  };
}
