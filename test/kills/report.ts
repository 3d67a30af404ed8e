import type { KillsReport } from './run-kills';

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
