import type { OfflineStatusView } from '../../src-main/lane/ipc/contract';
import { formatMoney } from '../../src-main/platform/money';

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as this lane's local time of day, "10:14". */
export function localTime(epochMs: number): string {
  const at = new Date(epochMs);
  return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** "3 payments stored ($42.50), oldest 10:14"; "no payments stored yet". */
function storedWords(status: OfflineStatusView): string {
  if (status.storedCount === 0) return 'no payments stored yet';
  const count = status.storedCount === 1 ? '1 payment' : `${status.storedCount} payments`;
  const oldest = status.oldestStoredAt === null ? '' : `, oldest ${localTime(status.oldestStoredAt)}`;
  return `${count} stored (${formatMoney(status.storedMinor)})${oldest}`;
}

/** Whether the lane takes no more card payments offline: the merchant's switch, or a limit the core reached. */
export function offlineRefusing(status: OfflineStatusView): boolean {
  return !status.enabled || status.refusing !== null;
}

/**
 * The counter's offline banner, or null while the gateway answers. The words repeat what the
 * core decided (`refusing`, `enabled`); the screen never judges a limit itself.
 */
export function counterOfflineBanner(status: OfflineStatusView | null): string | null {
  if (!status || status.link !== 'offline') return null;
  // The core's refusal is the whole sentence (offline/policy.ts): it names the limit and the other tender.
  if (status.refusing !== null) return status.refusing.trim();
  if (!status.enabled)
    return `Offline: card payments cannot be taken until the gateway is back (${storedWords(status)}). Take cash or another tender.`;
  return `Offline: ${storedWords(status)}. Cards are stored and sent when the gateway is back.`;
}
