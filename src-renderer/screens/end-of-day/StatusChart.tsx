import type { EndOfDayReport } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';
import { statusWords } from './words';

const colours: Record<EndOfDayReport['journal'][number]['status'], string> = {
  approved: '#1f7a3a',
  captured: '#2f6f4e',
  declined: '#b3261e',
  voided: '#5a6b7b',
  refunded: '#0b5cad',
  unknown: '#b35900',
  'not-sent': '#8a8f94',
  stored: '#6a4fb3',
  'offline-declined': '#8c1d18',
};

/** The day's sales by status as horizontal bars, length by amount; the same figures are in the table beside it. */
export function StatusChart({ rows }: { rows: EndOfDayReport['journal'] }) {
  const shown = rows.filter((row) => row.count > 0);
  const largest = Math.max(1, ...shown.map((row) => Math.abs(row.amountMinor)));
  const barHeight = 34;
  const labelWidth = 120;
  const width = 640;
  const height = Math.max(1, shown.length) * (barHeight + 10);
  const summary = shown
    .map((row) => `${statusWords[row.status]}: ${row.count}, ${formatMoney(row.amountMinor)}`)
    .join('; ');
  return (
    <svg
      className="status-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={shown.length > 0 ? `The day by status. ${summary}` : 'No sales today yet'}
      data-testid="status-chart"
    >
      {shown.map((row, index) => {
        const y = index * (barHeight + 10);
        const barWidth = Math.max(2, ((width - labelWidth - 190) * Math.abs(row.amountMinor)) / largest);
        return (
          <g key={row.status} data-status={row.status}>
            <text x={0} y={y + barHeight * 0.68} fontSize="17" fill="#14202b">
              {statusWords[row.status]}
            </text>
            <rect x={labelWidth} y={y} width={barWidth} height={barHeight} rx={4} fill={colours[row.status]} />
            <text x={labelWidth + barWidth + 8} y={y + barHeight * 0.68} fontSize="17" fill="#14202b">
              {`${row.count} · ${formatMoney(row.amountMinor)}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
