import { describe, expect, it } from 'vitest';
import { formatKillsReport, formatOfflineKillsReport } from './report';
import { runKills } from './run-kills';
import { runOfflineKills } from './run-offline-kills';

/**
 * Random kills (issue 22): the lane as a real process, driven through its bridge as a page
 * drives it, SIGKILLed at random moments and restarted on the same folder, against a gateway
 * emulator that outlives it. 20 kills here; `npm run kills -- --count 200` is the nightly run.
 * `LANEPOINT_KILLS_SEED` replays a run, `LANEPOINT_KILLS` changes how many kills this test makes.
 */
const kills = Number(process.env.LANEPOINT_KILLS ?? 20);
const seed = Number(process.env.LANEPOINT_KILLS_SEED ?? Date.now() % 0x7fffffff);

describe('random kills of the lane', () => {
  it(
    `${kills} SIGKILLs mid-sale: no double charge, journal = gateway ledger, the screen tells the truth (seed ${seed})`,
    async () => {
      const report = await runKills({ count: kills, seed });
      const summary = formatKillsReport(report);
      process.stdout.write(`${summary}\n`);
      expect(report.doubleCharges, summary).toEqual([]);
      expect(report.mismatches, summary).toEqual([]);
      expect(report.kills).toBe(kills);
      // The kills must reach the money: some in the journal's own window, not all between sales.
      expect(
        Object.entries(report.landed).filter(([where]) => where !== 'between sales' && where !== 'no row yet').length,
        summary,
      ).toBeGreaterThan(0);
      // A kill that leaves an order the gateway had no record of yet waits out its answer window (ADR 028).
    },
    30_000 + kills * 30_000,
  );
});

/**
 * Offline store and forward (issue 33): the lane stores while the emulator's network is down,
 * forwards when it is back, killed while storing, forwarding, or between a forward's answer and
 * its row. 8 kills here (about a minute, plus the answer window when a forward's answer was
 * lost); `npm run kills -- --offline 50` is the long run. `LANEPOINT_OFFLINE_KILLS` changes how many.
 */
const offlineKills = Number(process.env.LANEPOINT_OFFLINE_KILLS ?? 8);

describe('random kills of a lane taking payments offline', () => {
  it(
    `${offlineKills} SIGKILLs with the network going down and back: 0 lost, 0 doubled, every sale accounted for once (seed ${seed})`,
    async () => {
      const report = await runOfflineKills({ count: offlineKills, seed });
      const summary = formatOfflineKillsReport(report);
      process.stdout.write(`${summary}\n`);
      expect(report.lost, summary).toEqual([]);
      expect(report.doubled, summary).toEqual([]);
      expect(report.mismatches, summary).toEqual([]);
      // The run must have stored payments and forwarded some, or it proved nothing about offline.
      expect(report.told.stored ?? 0, summary).toBeGreaterThan(0);
      expect(
        (report.endings['offline approved'] ?? 0) + (report.endings['offline declined'] ?? 0),
        summary,
      ).toBeGreaterThan(0);
    },
    60_000 + offlineKills * 20_000,
  );
});
