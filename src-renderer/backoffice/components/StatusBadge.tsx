import { statusLabel } from '../timeline';

const tones: Readonly<Record<string, string>> = {
  BOARDED: 'ok',
  LIVE: 'ok',
  SIGNED: 'ok',
  SHIPPED: 'ok',
  Paid: 'ok',
  OFS: 'wait',
  PENDING: 'wait',
  QUALIFY: 'wait',
  UNDER: 'wait',
  BOARDING: 'wait',
  Scheduled: 'wait',
  DECLINED: 'bad',
  CANCELLED: 'bad',
  Cancelled: 'bad',
  Failed: 'bad',
};

/** A status in words on a tinted badge; the code the service sent is in its title. */
export function StatusBadge({ code, words }: { code: string; words?: string }) {
  return (
    <span className={`status-badge tone-${tones[code] ?? 'plain'}`} title={code} data-status={code}>
      {words ?? statusLabel(code)}
    </span>
  );
}
