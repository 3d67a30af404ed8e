import type { FindingSource, JournalEntry } from '../journal/journal';

/** A journal entry with its finding: what recovery (or the start) found, and when. */
export type FoundEntry = JournalEntry & {
  readonly finding: { readonly source: FindingSource; readonly foundAt: number };
};

/** What every finding says of its entry: which payment, how much, the card, when it was found, the gateway's codes. */
export function findingBase(entry: FoundEntry) {
  const outcome = entry.outcome ?? {};
  return {
    entryId: entry.id,
    operation: entry.operation,
    orderId: entry.orderId,
    amountMinor: Math.abs(entry.amountMinor),
    maskedPan: entry.maskedPan ?? null,
    source: entry.finding.source,
    foundAt: entry.finding.foundAt,
    authcode: outcome.authcode ?? null,
    retref: outcome.retref ?? null,
  };
}
