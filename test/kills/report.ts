import type { KillsReport } from './run-kills';
import type { OfflineKillsReport } from './run-offline-kills';

const tally = (counts: Readonly<Record<string, number>>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ') || 'none';

/** The run in a few lines: where the kills landed, what was found, and every problem with the seed that replays it. */
export function formatKillsReport(report: KillsReport): string {
  return [
    `random kills: ${report.kills} kills, ${report.answered} payments answered, ${report.seconds.toFixed(0)} s, seed ${report.seed} (LANEPOINT_KILLS_SEED=${report.seed} replays it)`,
    `  landed (killed payment's journal row): ${tally(report.landed)}`,
    `  page's last phase at the kill: ${tally(report.phases)}`,
    `  findings shown after restart: ${tally(report.findings)}`,
    `  double charges: ${report.doubleCharges.length}, mismatches: ${report.mismatches.length}`,
    ...[...report.doubleCharges, ...report.mismatches].map((problem) => `  - ${problem}`),
  ].join('\n');
}

/** The offline run in a few lines: the lost and doubled figures first, then where the kills landed. */
export function formatOfflineKillsReport(report: OfflineKillsReport): string {
  return [
    `offline random kills: ${report.kills} kills, ${report.outages} network outages, ${report.sales} sales started, ${report.seconds.toFixed(0)} s, seed ${report.seed} (--offline --seed ${report.seed} replays it)`,
    `  lost: ${report.lost.length}, doubled: ${report.doubled.length}, other mismatches: ${report.mismatches.length}`,
    `  the page was told: ${tally(report.told)}`,
    `  the kills caught: ${tally(report.landed)}`,
    `  the sales ended (after forwarding): ${tally(report.endings)}`,
    ...[...report.lost, ...report.doubled, ...report.mismatches].map((problem) => `  - ${problem}`),
  ].join('\n');
}
