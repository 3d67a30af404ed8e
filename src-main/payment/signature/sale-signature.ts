import { LaneError } from '../../core/errors';
import type { Logger } from '../../log/logger';
import type { SignatureService } from '../../signature/service';
import type { SignatureStep } from './signature-step';

/** A sale's signature step over the lane's signature service, and the cashier's way past it. */
export interface SaleSignature {
  /** Starts a capture and waits: signed, canceled (screen, pad, or `signal`), or skipped. */
  capture(signal: AbortSignal): Promise<SignatureStep>;
  /** The cashier goes on without the signature; refused unless the store allows it and a sale waits for one. */
  skip(cashierId: string): { skipped: true };
}

/**
 * The signature a sale waits for, before its authorization. The capture ending without a
 * signature (Cancel on the screen or the pad, a pad that went away, the sale canceled) cancels
 * the sale; going on without one is only ever the cashier's explicit skip, where `allowSkip`.
 */
export function createSaleSignature(options: { signature: SignatureService; allowSkip: () => boolean; logger: Logger }): SaleSignature {
  const { signature, logger } = options;
  let skipWaiting: ((cashierId: string) => void) | undefined;
  return {
    capture(signal) {
      return new Promise((resolve) => {
        // The skip may come while `begin` publishes, before the polling starts.
        const polling: { timer?: ReturnType<typeof setInterval>; done: boolean } = { done: false };
        const finish = (step: SignatureStep) => {
          polling.done = true;
          clearInterval(polling.timer);
          skipWaiting = undefined;
          resolve(step);
        };
        // Ready for the skip before the screens hear that the capture began.
        skipWaiting = (cashierId) => {
          finish({ kind: 'skipped', by: cashierId });
          signature.cancel();
        };
        try {
          signature.begin({ skippable: options.allowSkip() });
        } catch (error) {
          skipWaiting = undefined;
          throw error;
        }
        if (polling.done) return;
        // The service publishes its session as events to the screens; the sale looks at it.
        polling.timer = setInterval(() => {
          const session = signature.session();
          if (signal.aborted) {
            signature.cancel();
            finish({ kind: 'canceled' });
          } else if (session.state === 'accepted') {
            const taken = signature.take();
            finish(taken ? { kind: 'signed', signature: taken } : { kind: 'canceled' });
          } else if (session.state === 'idle') {
            finish({ kind: 'canceled' });
          }
        }, 25);
      });
    },
    skip(cashierId) {
      if (!options.allowSkip()) throw new LaneError('refused', 'This store does not allow a sale without the signature: ask the customer to sign, or cancel the sale.');
      if (!skipWaiting) throw new LaneError('refused', 'No sale is waiting for a signature.');
      logger.info({ cashierId }, 'signature skipped by the cashier');
      skipWaiting(cashierId);
      return { skipped: true };
    },
  };
}
