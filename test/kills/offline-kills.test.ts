import { describe, expect, it } from 'vitest';
import { formatOfflineKillsReport } from './report';
import { runOfflineKills } from './run-offline-kills';

const seed = Number(process.env.LANEPOINT_KILLS_SEED ?? Date.now() % 0x7fffffff);

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
