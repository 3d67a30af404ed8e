/**
 * The applications this back office follows, kept in its folder (`applications.json`): the
 * boarding service lists neither merchants nor attachments, so the list screen, the timeline and
 * the attachment list are what this back office created, saw and uploaded.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../platform/private-file';
import type { ApplicationPage, ApplicationSummary, AttachmentRecord, TimelineEntry } from './contract/applications';
import { KindedError } from '../platform/errors';

export interface RegisteredApplication extends ApplicationSummary {
  readonly timeline: readonly TimelineEntry[];
  readonly attachments: readonly AttachmentRecord[];
}

type Statuses = Pick<ApplicationSummary, 'status' | 'gatewayStatus' | 'signatureStatus' | 'gatewayMerchantId'>;

/** Statuses that still move without the back office doing anything: the poller watches these. */
const movingStatuses: ReadonlySet<string> = new Set(['OFS', 'QUALIFY', 'UNDER', 'BOARDING', 'BOARDED']);

export interface ApplicationRegister {
  list(search: string, pageNumber: number, pageSize: number): ApplicationPage;
  get(merchantId: string): RegisteredApplication | undefined;
  /**
   * Records the statuses read now: a new application is added, a change adds a timeline entry,
   * which is returned (undefined when nothing changed).
   */
  record(merchantId: string, dbaName: string, statuses: Statuses, at: Date): TimelineEntry | undefined;
  addAttachment(merchantId: string, attachment: AttachmentRecord): void;
  /** The applications whose status may still change on its own. */
  moving(): string[];
}

/** Opens (or starts) the register in `home`; each change is written at once, atomically. */
export function openApplicationRegister(home: string): ApplicationRegister {
  const file = join(home, 'applications.json');
  let entries: RegisteredApplication[];
  try {
    entries = JSON.parse(readFileSync(file, 'utf8')) as RegisteredApplication[];
    if (!Array.isArray(entries)) throw new Error('not a list');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new KindedError(
        'damaged',
        `${file} is not a list of applications: restore it from a backup or move it away`,
        {
          cause: error,
        },
      );
    entries = [];
  }
  const save = () => writeFileAtomic(file, `${JSON.stringify(entries, null, 2)}\n`);
  const indexOf = (merchantId: string) => entries.findIndex((entry) => entry.merchantId === merchantId);

  return {
    list(search, pageNumber, pageSize) {
      const needle = search.trim().toLowerCase();
      const found = entries
        .filter((entry) => !needle || entry.dbaName.toLowerCase().includes(needle) || entry.merchantId.includes(needle))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const start = (pageNumber - 1) * pageSize;
      const rows = found
        .slice(start, start + pageSize)
        .map(({ timeline: _timeline, attachments: _attachments, ...summary }) => summary);
      return { rows, total: found.length, moreRowsAvailable: start + pageSize < found.length };
    },
    get: (merchantId) => entries[indexOf(merchantId)],
    record(merchantId, dbaName, statuses, at) {
      const index = indexOf(merchantId);
      const now = at.toISOString();
      const before = entries[index];
      const entry: TimelineEntry = {
        at: now,
        status: statuses.status,
        gatewayStatus: statuses.gatewayStatus,
        signatureStatus: statuses.signatureStatus,
      };
      const changed =
        !before ||
        before.status !== statuses.status ||
        before.gatewayStatus !== statuses.gatewayStatus ||
        before.signatureStatus !== statuses.signatureStatus;
      const next: RegisteredApplication = {
        merchantId,
        dbaName: dbaName || before?.dbaName || '',
        createdAt: before?.createdAt ?? now,
        ...statuses,
        gatewayMerchantId: statuses.gatewayMerchantId ?? before?.gatewayMerchantId ?? null,
        checkedAt: now,
        timeline: changed ? [...(before?.timeline ?? []), entry] : (before?.timeline ?? []),
        attachments: before?.attachments ?? [],
      };
      if (index < 0) entries.push(next);
      else entries[index] = next;
      save();
      return changed ? entry : undefined;
    },
    addAttachment(merchantId, attachment) {
      const index = indexOf(merchantId);
      const entry = entries[index];
      if (!entry) return;
      entries[index] = { ...entry, attachments: [...entry.attachments, attachment] };
      save();
    },
    moving: () => entries.filter((entry) => movingStatuses.has(entry.status)).map((entry) => entry.merchantId),
  };
}
