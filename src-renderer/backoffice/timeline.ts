/**
 * An application's way through boarding, as the timeline shows it. The service's statuses
 * (boardingProcessStatusCd; FACTS "Boarding facts"): INPROG, OFS, then after signing QUALIFY ->
 * UNDER -> BOARDING -> BOARDED -> LIVE, or UNDER -> DECLINED; CANCELLED from any open state.
 * A code the service adds later is shown as it comes, never hidden.
 */

/** The approved path, in order. */
export const boardingPath = ['INPROG', 'OFS', 'QUALIFY', 'UNDER', 'BOARDING', 'BOARDED', 'LIVE'] as const;

/** Statuses that end the application without boarding it. */
export const endedStatuses = ['DECLINED', 'CANCELLED'] as const;

/** What each status means to the person following it. */
export const statusWords: Readonly<Record<string, string>> = {
  INPROG: 'In progress',
  OFS: 'Out for signature',
  QUALIFY: 'Signed, in review',
  UNDER: 'In underwriting',
  BOARDING: 'Boarding',
  BOARDED: 'Boarded',
  LIVE: 'Live',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
};

/** The words for a status code, or the code itself when the service sent one this screen does not know. */
export function statusLabel(code: string): string {
  return statusWords[code] ?? code;
}

export type StepState = 'done' | 'current' | 'upcoming' | 'ended';

export interface TimelineStep {
  readonly status: string;
  readonly label: string;
  readonly state: StepState;
  /** When it was reached, as the service or the event said, if known. */
  readonly at: string | null;
}

/**
 * The steps to draw for an application now at `current`, with the times seen so far. On the
 * approved path every step shows, done up to `current`. A decline or a cancellation shows the
 * steps reached before it and then the ending. An unknown status is its own last step.
 */
export function timelineSteps(current: string, reachedAt: Readonly<Record<string, string>> = {}): TimelineStep[] {
  const step = (status: string, state: StepState): TimelineStep => ({
    status,
    label: statusLabel(status),
    state,
    at: reachedAt[status] ?? null,
  });
  const index = boardingPath.indexOf(current as (typeof boardingPath)[number]);
  if (index >= 0) {
    return boardingPath.map((status, at) =>
      step(status, at < index ? 'done' : at === index ? (status === 'LIVE' ? 'done' : 'current') : 'upcoming'),
    );
  }
  // Ended or unknown: the path up to the last status seen before it, then this one.
  const reachedBefore = boardingPath.filter((status) => reachedAt[status] !== undefined);
  const lastReached =
    reachedBefore.length > 0 ? boardingPath.indexOf(reachedBefore.at(-1)!) : current === 'DECLINED' ? 3 : 0;
  const before = boardingPath.slice(0, lastReached + 1).map((status) => step(status, 'done'));
  const ended = (endedStatuses as readonly string[]).includes(current);
  return [...before, step(current, ended ? 'ended' : 'current')];
}
