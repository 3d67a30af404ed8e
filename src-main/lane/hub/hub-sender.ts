import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/log/logger';
import type { OutboundSender } from '../../platform/http/outbound';
import type { HubOutbox } from '../journal/hub-outbox';
import type { HubStatusView } from '../ipc/contract/hub';
import { postEvents, type HubAddress, type PostOutcome } from './hub-wire';

/** The contract's batch limit. */
export const batchLimit = 500;
/** An idle lane still says it is alive this often (an empty batch). */
export const heartbeatMs = 30_000;
/** How often an idle sender looks for journal rows the triggers added (a primary-key read). */
export const pollMs = 500;
/** A stop while the link is up gives the hub this long to take what is left (the lane stops within 5 s, ADR 046). */
export const finalPostMs = 2000;
const firstRetryMs = 1000;
const lastRetryMs = 30_000;

export interface HubSenderOptions {
  readonly outbox: Pick<HubOutbox, 'after' | 'acknowledge' | 'pending' | 'onAppend'>;
  readonly journalId: string;
  readonly address: HubAddress;
  readonly clock: Clock;
  /** The platform's one outbound sender. */
  readonly sender: OutboundSender;
  readonly logger: Logger;
  /** Told each time the status changes. */
  readonly onStatus?: (status: HubStatusView) => void;
  /** Told after the first delivery that follows a failure (and the first of all): the time to ask for settings. */
  readonly onConnected?: () => void;
  /** Told the store's newest settings push version each time the hub names one in an answer. */
  readonly onSettingsVersion?: (version: number) => void;
}

export interface HubSender {
  /** The status, with `behind` counted now (an event the lane added since the last post counts). */
  status(): HubStatusView;
  /**
   * Stops. While the link is up, what is left goes in one last post, given 2 s on the clock; while
   * it is down (or the hub does not answer in time) the request under way is dropped and the rows
   * stay for the next start.
   */
  stop(): Promise<void>;
}

/**
 * Sends the journal's outbox to the store hub (ADR 081), beside the money path, never inside it:
 * a sale only writes its rows (the triggers add their events); this loop reads them in order,
 * 500 at most per post, and deletes what the hub acknowledged. At least once, in order: the hub
 * skips what it already holds. It waits on the injected Clock: a short poll while idle (or at
 * once when the lane adds an event), a heartbeat every 30 s, and on failure 1 s doubling to 30 s.
 * A refused key or a replaced journal stops it, and the status says why. A planned stop hands
 * the hub what is left when it can, so a lane restarted for an update does not come back behind.
 */
export function startHubSender(options: HubSenderOptions): HubSender {
  const { outbox, clock, logger } = options;
  let stopped = false;
  // A stop does not wait out a hub that does not answer (the lane stops within five seconds, ADR 046).
  const ending = new AbortController();
  let wake: (() => void) | undefined;
  let status: HubStatusView = { state: 'behind', behind: outbox.pending(), lastAckAt: null, since: null, reason: null };
  let lastPostAt = Number.NEGATIVE_INFINITY;
  let failing = true;
  let retryMs = firstRetryMs;
  let after = 0;

  const show = (next: HubStatusView) => {
    if (JSON.stringify(next) === JSON.stringify(status)) return;
    status = next;
    options.onStatus?.(status);
  };

  /** Waits `ms` on the clock, or less when the lane adds an event or the sender stops. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const cancel = clock.setTimer(() => done(), ms);
      const done = () => {
        cancel();
        wake = undefined;
        resolve();
      };
      wake = done;
    });
  const unsubscribe = outbox.onAppend(() => wake?.());

  const delivered = (acknowledgedSeq: number) => {
    outbox.acknowledge(acknowledgedSeq);
    after = acknowledgedSeq;
    retryMs = firstRetryMs;
    const behind = outbox.pending();
    show({ state: behind === 0 ? 'connected' : 'behind', behind, lastAckAt: clock.now(), since: null, reason: null });
    if (failing) {
      failing = false;
      options.onConnected?.();
    }
  };

  /** What one answer means for the loop: go on at once, wait, or stop. */
  const handle = (outcome: PostOutcome, first: number | undefined): 'next' | 'wait' | 'stop' => {
    switch (outcome.kind) {
      case 'acknowledged':
        delivered(outcome.acknowledgedSeq);
        if (outcome.settingsVersion !== undefined && !stopped) options.onSettingsVersion?.(outcome.settingsVersion);
        return 'next';
      case 'gap':
        // The hub lost events this lane already deleted (a restored hub): they cannot be sent again.
        if (
          first !== undefined &&
          first > outcome.acknowledgedSeq + 1 &&
          outbox.after(outcome.acknowledgedSeq, 1)[0]?.seq !== outcome.acknowledgedSeq + 1
        ) {
          refuse(
            `the hub holds events up to ${outcome.acknowledgedSeq} but this lane has them only from ${first}: they were acknowledged before`,
          );
          return 'stop';
        }
        after = outcome.acknowledgedSeq;
        return 'next';
      case 'journal-replaced':
        refuse('the hub holds another journal for this lane (journal replaced)');
        return 'stop';
      case 'key-refused':
        refuse("the hub refused this lane's key");
        return 'stop';
      case 'refused':
        failing = true;
        show({
          ...status,
          state: 'refused',
          behind: outbox.pending(),
          since: status.since ?? clock.now(),
          reason: outcome.reason,
        });
        return 'wait';
      case 'unreachable':
        failing = true;
        if (status.state !== 'unreachable')
          logger.warn({ problem: outcome.problem }, 'the store hub cannot be reached');
        show({
          ...status,
          state: 'unreachable',
          behind: outbox.pending(),
          since: status.state === 'unreachable' ? status.since : clock.now(),
          reason: outcome.problem,
        });
        return 'wait';
    }
  };

  const refuse = (reason: string) => {
    logger.error({ reason }, 'the store hub refused this lane; nothing more is sent until it is fixed');
    show({ ...status, state: 'refused', behind: outbox.pending(), since: clock.now(), reason });
  };

  const post = async () => {
    const events = outbox.after(after, batchLimit);
    lastPostAt = clock.now();
    const outcome = await postEvents(options.sender, options.address, {
      journalId: options.journalId,
      events,
      signal: ending.signal,
    });
    return ending.signal.aborted ? 'stop' : handle(outcome, events[0]?.seq);
  };

  const run = async () => {
    while (!stopped) {
      if (outbox.after(after, 1).length === 0 && clock.now() - lastPostAt < heartbeatMs && !failing) {
        await pause(pollMs);
        continue;
      }
      const next = await post();
      if (next === 'stop') return;
      if (next === 'wait' && !stopped) {
        await pause(retryMs);
        retryMs = Math.min(retryMs * 2, lastRetryMs);
      }
    }
    // A planned stop with the link up: what the lane wrote since the last post goes now.
    while (!failing && !ending.signal.aborted && outbox.after(after, 1).length > 0) {
      if ((await post()) !== 'next') return;
    }
  };

  const running = run().catch((error: unknown) => {
    // A journal read or delete failed (a full disk): the outbox stays; a restart tries again.
    logger.error({ err: error }, 'the hub sender stopped');
    show({
      ...status,
      state: 'refused',
      since: clock.now(),
      reason: `the journal could not be read: ${(error as Error).message}`,
    });
  });

  return {
    status() {
      let behind: number;
      try {
        behind = outbox.pending();
      } catch {
        return status; // the journal is closing
      }
      if (behind === status.behind) return status;
      return { ...status, behind, state: status.state === 'connected' ? 'behind' : status.state };
    },
    async stop() {
      stopped = true;
      unsubscribe();
      // A hub that is not answering is not waited for; one that is gets a short while to take the rest.
      const cancel = failing ? (ending.abort(), () => undefined) : clock.setTimer(() => ending.abort(), finalPostMs);
      wake?.();
      await running;
      cancel();
    },
  };
}
