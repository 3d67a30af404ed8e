import { formatMoney } from '../../../src-main/platform/money';

/** An amount in minor units as the screens show money. */
export const money = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? '\u2014' : formatMoney(minor);

/** How long ago `at` was, in a manager's words: "just now", "2 min ago", "3 h ago", "never". */
export function ago(at: number | null | undefined, now: number): string {
  if (at === null || at === undefined) return 'never';
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** A time of day and date as this computer shows them. */
export const when = (at: number | null | undefined) =>
  at === null || at === undefined ? '\u2014' : new Date(at).toLocaleString();

/** Today as YYYY-MM-DD on this computer's calendar. */
export function today(now: number = Date.now()): string {
  const date = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
