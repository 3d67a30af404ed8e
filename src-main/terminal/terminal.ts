import type { Settings } from '../config/settings';
import type { DeviceManager } from '../devices/manager';
import type { GatewayClient } from '../gateway/client';
import type { SaleSummary } from '../ipc/contract';
import { CommandFailure } from '../ipc/errors';
import type { Journal } from '../journal/journal';
import { JournalError } from '../journal/journal';
import { recoverJournal } from '../journal/journaled';
import type { Logger } from '../log/logger';
import type { SignatureService } from '../signature/service';
import type { EncodedSignature } from '../signature/codec';
import { runSale, type SaleResult } from './sale';
import type { TerminalStateStore } from './state-store';

/** How the terminal reaches the gateway: started on first use (the training emulator) or given. */
export interface GatewayAccess {
  readonly client: Pick<GatewayClient, 'auth' | 'inquireByOrderid' | 'voidByOrderId'>;
  readonly merchid: string;
}

export interface TerminalService {
  /** Runs a sale; a second call while one runs (a double Pay press) joins it instead of charging again. */
  sale(args: { amountMinor: number }): Promise<SaleSummary>;
  /** Cancels the sale at a human step (reading, signing). */
  cancel(): { canceled: boolean };
  /** Resolves what the journal does not know yet (at start, and when asked). */
  recover(): Promise<number>;
}

export interface TerminalServiceOptions {
  readonly state: TerminalStateStore;
  readonly manager: DeviceManager;
  readonly settings: Pick<Settings, 'terminalId' | 'training' | 'signature'>;
  readonly signature: SignatureService;
  readonly journal: () => Journal;
  readonly gateway: () => Promise<GatewayAccess>;
  readonly now: () => number;
  readonly logger: Logger;
}

function summarize(result: SaleResult): SaleSummary {
  const { outcome } = result;
  return {
    outcome: outcome.kind,
    orderId: outcome.orderId,
    approvedMinor: outcome.kind === 'approved' || outcome.kind === 'partial' ? outcome.approvedMinor : 0,
    authcode: (outcome.kind === 'approved' || outcome.kind === 'partial' ? outcome.authcode : undefined) ?? null,
    reason: 'reason' in outcome ? outcome.reason : null,
    maskedPan: result.card.maskedPan,
    entryMode: result.card.entryMode,
    signatureRequired: result.signatureRequired,
    printed: result.printed.ok,
    printProblem: result.printed.problem ?? null,
  };
}

const outcomeWords: Record<SaleSummary['outcome'], string> = {
  approved: 'Approved',
  partial: 'Partially approved',
  declined: 'Declined',
  retry: 'Not approved: try again',
  'not-charged': 'Not charged',
  unknown: 'Outcome unknown: being checked with the gateway',
};

/**
 * The one place that sequences a payment for the screens: one sale at a time, its phases
 * published as `terminal.state`, the signature captured through the signature service when the
 * rules ask for one, and the journal's open entries resolved at start.
 */
export function createTerminalService(options: TerminalServiceOptions): TerminalService {
  const { state, manager, logger } = options;
  let running: { amountMinor: number; promise: Promise<SaleSummary>; abort: AbortController } | undefined;

  const captureSignature = async (signal: AbortSignal): Promise<EncodedSignature | undefined> => {
    options.signature.begin({});
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        const session = options.signature.session();
        if (signal.aborted) {
          clearInterval(timer);
          options.signature.cancel();
          resolve(undefined);
        } else if (session.state === 'accepted') {
          clearInterval(timer);
          resolve(options.signature.take());
        } else if (session.state === 'idle') {
          // Canceled on the screen or the pad: the sale goes on with a signature line instead.
          clearInterval(timer);
          resolve(undefined);
        }
      }, 25);
    });
  };

  const run = async (amountMinor: number, abort: AbortController): Promise<SaleSummary> => {
    const reader = manager.cardReader();
    if (!reader) throw new CommandFailure('failed_precondition', 'No card reader is configured: add one under Devices in the settings.');
    let journal: Journal;
    try {
      journal = options.journal();
    } catch (error) {
      if (error instanceof JournalError) throw new CommandFailure('failed_precondition', `The journal cannot be written, so nothing was sent: ${error.message}. Free disk space or call support.`);
      throw error;
    }
    const gateway = await options.gateway();
    const printer = manager.printer();
    try {
      const result = await runSale(
        {
          journal,
          client: gateway.client,
          merchid: gateway.merchid,
          terminalId: options.settings.terminalId,
          training: options.settings.training,
          reader: reader.reader,
          chipFailuresBeforeFallback: reader.setting.chipFailuresBeforeFallback,
          policy: options.settings.signature.policy,
          captureSignature,
          ...(printer ? { printer: { printer: printer.printer, profile: printer.profile } } : {}),
          now: options.now,
        },
        { amountMinor, signal: abort.signal, onPhase: (phase, detail) => state.enter(phase, detail) },
      );
      const summary = summarize(result);
      state.enter('idle', `${outcomeWords[summary.outcome]}${summary.reason ? `: ${summary.reason}` : ''}`);
      return summary;
    } catch (error) {
      if (error instanceof JournalError) {
        state.enter('idle', 'The journal cannot be written: nothing was sent');
        throw new CommandFailure('failed_precondition', `The journal cannot be written, so nothing was sent: ${error.message}`);
      }
      state.enter('idle', abort.signal.aborted ? 'Sale canceled' : `The sale stopped: ${(error as Error).message}`);
      if (abort.signal.aborted) throw new CommandFailure('failed_precondition', 'The sale was canceled.');
      if ((error as { kind?: string }).kind === 'timeout') throw new CommandFailure('failed_precondition', 'No card was presented in time: start the sale again.');
      throw error;
    }
  };

  return {
    sale({ amountMinor }) {
      if (running) {
        if (running.amountMinor === amountMinor) return running.promise;
        throw new CommandFailure('failed_precondition', 'A sale is in progress: finish or cancel it first.');
      }
      const abort = new AbortController();
      const promise = run(amountMinor, abort).finally(() => {
        running = undefined;
      });
      running = { amountMinor, promise, abort };
      return promise;
    },
    cancel() {
      if (!running) return { canceled: false };
      running.abort.abort();
      return { canceled: true };
    },
    async recover() {
      if (options.journal().unresolved().length === 0) return 0;
      const gateway = await options.gateway();
      const results = await recoverJournal(options.journal(), gateway.client, gateway.merchid);
      for (const { entry, outcome } of results) logger.info({ orderId: entry.orderId, outcome: outcome.kind }, 'journal entry recovered');
      return results.length;
    },
  };
}
