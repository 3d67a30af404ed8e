import type { RecoveryFinding, RecoveryItem } from '../ipc/contract';
import { formatMinorUnits } from '../../platform/money';
import type { FindingSource, Journal, JournalEntry } from '../journal/journal';
import { recoverJournal, recoveredKind, settleableAt, stillOpen } from '../journal/journaled';
import { recordHeld } from '../journal/unrecorded';
import type { Logger } from '../../platform/log/logger';
import type { GatewayAccess } from './lane-access';
import { recoveryQueue } from './history';
import { leftSaleFinding } from './left-sale';
import { offlineFinding, wasForwarded } from '../offline/offline-findings';
import { findingBase, type FoundEntry } from './finding-base';

export interface RecoveryOptions {
  readonly journal: () => Journal;
  readonly gateway: () => Promise<GatewayAccess>;
  /** The first background check's delay; it doubles while the gateway stays silent, up to ten minutes. */
  readonly retrySeconds: number;
  readonly logger: Logger;
  readonly setTimer: (run: () => void, ms: number) => () => void;
  readonly onQueueChange?: (queue: RecoveryItem[]) => void;
  readonly onFindings?: (findings: RecoveryFinding[]) => void;
}

/** The lane's recovery: the queue of unknown outcomes, checked at start and in the background, and what it found. */
export interface Recovery {
  queue(): RecoveryItem[];
  publish(): void;
  /** A check is due while an entry waits for the gateway; schedules one unless one is already waiting. */
  schedule(): void;
  /** One pass now; `start` marks what it settles as found at start (a crash), else in the background. */
  recover(source?: FindingSource): Promise<{ settled: number; open: number }>;
  findings(): RecoveryFinding[];
  acknowledge(entryId: number, by: string): RecoveryFinding[];
  close(): void;
}

const operationWords: Record<JournalEntry['operation'], string> = {
  auth: 'Sale',
  capture: 'Capture',
  void: 'Void',
  refund: 'Refund',
  voidByOrderId: 'Void',
};

/** What a settled entry became, in the words the cashier acts on. */
export function findingOf(entry: FoundEntry): RecoveryFinding {
  const outcome = entry.outcome ?? {};
  const base = findingBase(entry);
  if (entry.operation !== 'auth') {
    const applied = outcome.applied === true;
    const words = operationWords[entry.operation];
    return {
      ...base,
      outcome: applied ? 'applied' : 'not-applied',
      receipt: false,
      message: applied
        ? `${words} took effect: nothing more to do.`
        : `${words} did not take effect: do it again from History.`,
    };
  }
  if (outcome.respstat === 'A' && outcome.retref) {
    // The gateway's inquiry gives no authorization code; the reference identifies the approval instead.
    const code = outcome.authcode ? `authcode ${outcome.authcode}` : `reference ${outcome.retref}`;
    const approvedMinor = outcome.amountMinor === undefined ? base.amountMinor : Math.abs(outcome.amountMinor);
    if (approvedMinor < base.amountMinor) {
      // A partial approval: the goods are not paid for until the rest is taken.
      const rest = formatMinorUnits(base.amountMinor - approvedMinor);
      return {
        ...base,
        amountMinor: approvedMinor,
        outcome: 'approved',
        receipt: true,
        message: `Partially approved: ${formatMinorUnits(approvedMinor)} of ${formatMinorUnits(base.amountMinor)}, ${code}. Collect the remaining ${rest} before handing over the goods.`,
      };
    }
    return { ...base, outcome: 'approved', receipt: true, message: `Approved: ${code}, hand over the goods.` };
  }
  if (entry.note?.startsWith('answer lost; voidByOrderId answered')) {
    // The void was refused, so whether the sale stands is not certain: a person looks before charging again.
    return {
      ...base,
      outcome: 'unclear',
      receipt: false,
      message: `Not certain: the gateway refused to void it (${outcome.resptext ?? 'no reason given'}). Look the order up in History before collecting payment again.`,
    };
  }
  return { ...base, outcome: 'not-charged', receipt: false, message: 'Not charged: collect payment again.' };
}

/**
 * Settles what the journal does not know yet: at start (whatever a crash left open) and in the
 * background (answers lost while the lane ran), backing off while the gateway stays silent.
 * What it settles is kept in the journal as a finding until a signed-in person acknowledges it,
 * so a crash mid-payment is never recovered silently.
 */
export function createRecovery(options: RecoveryOptions): Recovery {
  const { logger } = options;
  let stopTimer: (() => void) | undefined;
  let delaySeconds = options.retrySeconds;
  let recovering: Promise<{ settled: number; open: number }> | undefined;
  let closed = false;

  // A journal that cannot be opened is not an empty one: the commands say why, and the
  // background checks stop, saying so in the log (the screen's next ask gets the journal's words).
  const queue = (): RecoveryItem[] => recoveryQueue(options.journal());
  const findings = (): RecoveryFinding[] => {
    const journal = options.journal();
    return journal
      .findings()
      .map((entry) =>
        wasForwarded(entry) || entry.state === 'stored'
          ? offlineFinding(entry, journal.offline.get(entry.id))
          : leftSaleFinding(entry, findingOf(entry)),
      );
  };
  const stopped = (error: unknown) =>
    logger.error(
      { err: error },
      'recovery is stopped: the journal cannot be opened, so sales with an unknown outcome are not checked until it can',
    );
  const publish = () => {
    try {
      options.onQueueChange?.(queue());
      options.onFindings?.(findings());
    } catch (error) {
      stopped(error);
    }
  };

  const recover = (pass: FindingSource = 'background'): Promise<{ settled: number; open: number }> => {
    recovering ??= (async () => {
      const journal = options.journal();
      // A crash after the answer was journaled and before the screen showed it: the outcome is known but nobody saw it.
      if (pass === 'start' && journal.findUnclosedSale() > 0) publish();
      // What the journal could not record when it came is written first, once it can be: the cashier sees it as a finding.
      const late = recordHeld(journal);
      if (late.recorded.length > 0) {
        logger.warn(
          { orderIds: late.recorded.map((held) => held.orderId) },
          'the journal recorded the outcomes it could not write when they came; the lane takes new sales again',
        );
        publish();
      }
      if (journal.unresolved().length === 0) return { settled: 0, open: 0 };
      const gateway = await options.gateway();
      const results = await recoverJournal(journal, gateway.client, gateway.merchid, pass);
      for (const result of results)
        logger.info(
          { orderId: result.entry.orderId, operation: result.entry.operation, outcome: recoveredKind(result) },
          'journal entry recovered',
        );
      publish();
      return { settled: results.filter((result) => !stillOpen(result)).length, open: results.filter(stillOpen).length };
    })().finally(() => {
      recovering = undefined;
    });
    return recovering;
  };

  /**
   * The back-off delay, but never before the earliest moment an open entry can settle: an
   * authorization the gateway had no record of yet is asked again only after its answer window.
   */
  const nextCheckMs = (): number => {
    const journal = options.journal();
    const now = journal.clock.now();
    return Math.max(
      delaySeconds * 1000,
      Math.min(...journal.unresolved().map((entry) => settleableAt(entry, now))) - now,
    );
  };

  const schedule = () => {
    if (stopTimer || closed) return;
    let delayMs: number;
    try {
      // Entries waiting for a person are not retried.
      if (!queue().some((item) => !item.needsPerson)) {
        delaySeconds = options.retrySeconds;
        return;
      }
      delayMs = nextCheckMs();
    } catch (error) {
      stopped(error);
      return;
    }
    stopTimer = options.setTimer(() => {
      stopTimer = undefined;
      void recover('background')
        .then(({ open }) => {
          delaySeconds = open > 0 ? Math.min(delaySeconds * 2, 600) : options.retrySeconds;
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'background recovery did not finish'))
        .finally(schedule);
    }, delayMs);
  };

  return {
    queue,
    publish,
    schedule,
    recover,
    findings,
    acknowledge(entryId, by) {
      options.journal().acknowledgeFinding(entryId, by);
      const left = findings();
      options.onFindings?.(left);
      return left;
    },
    close() {
      closed = true;
      stopTimer?.();
      stopTimer = undefined;
    },
  };
}
