import { LaneError } from '../../errors';
import type { Logger } from '../../../platform/log/logger';
import type { EncodedSignature } from '../../signature/codec';
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
export function createSaleSignature(options: {
  signature: SignatureService;
  allowSkip: () => boolean;
  logger: Logger;
}): SaleSignature {
  const { signature, logger } = options;
  let skipWaiting: ((cashierId: string) => void) | undefined;
  return {
    capture(signal) {
      return new Promise((resolve, reject) => {
        let ended = false;
        // Ready for the skip before the screens hear that the capture began.
        const skip = (cashierId: string) => {
          finish({ kind: 'skipped', by: cashierId });
          signature.cancel();
        };
        const finish = (step: SignatureStep) => {
          if (ended) return;
          ended = true;
          if (skipWaiting === skip) skipWaiting = undefined;
          resolve(step);
        };
        skipWaiting = skip;
        let capturing: Promise<EncodedSignature | undefined>;
        try {
          capturing = signature.capture({ signal, skippable: options.allowSkip() });
        } catch (error) {
          if (skipWaiting === skip) skipWaiting = undefined;
          reject(error);
          return;
        }
        // It ends signed, or without a signature: canceled on the screen or the pad, the pad gone, or `signal`.
        void capturing.then((taken) => finish(taken ? { kind: 'signed', signature: taken } : { kind: 'canceled' }));
      });
    },
    skip(cashierId) {
      if (!options.allowSkip())
        throw new LaneError(
          'refused',
          'This store does not allow a sale without the signature: ask the customer to sign, or cancel the sale.',
        );
      if (!skipWaiting) throw new LaneError('refused', 'No sale is waiting for a signature.');
      logger.info({ cashierId }, 'signature skipped by the cashier');
      skipWaiting(cashierId);
      return { skipped: true };
    },
  };
}
