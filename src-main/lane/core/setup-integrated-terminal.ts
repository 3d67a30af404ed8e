import type { Clock } from '../../platform/clock';
import { KindedError } from '../../platform/errors';
import type { IntegratedTerminalConnection } from '../config/integrated-terminal-settings';
import { integratedTerminalConnection } from '../config/integrated-terminal-settings';
import { LaneError } from '../errors';
import { createTerminalClient } from '../integrated-terminal/client';
import type { IntegratedTerminalAccess, IntegratedTerminalSource } from '../integrated-terminal/lane-terminal';
import type { CoreOptions } from './core-options';
import type { TrainingKit } from './training-kit';

/** The lane's integrated terminal: where a sale gets it, and its session ended when the lane stops. */
export interface LaneIntegratedTerminal {
  readonly source: IntegratedTerminalSource;
  /** The terminal once a sale or the device list has made it; undefined before (nothing is made to answer this). */
  readonly current: () => IntegratedTerminalAccess | undefined;
  /** Ends the client's session with the terminal, so the next POS connects without waiting for it to expire. */
  close(): Promise<void>;
}

/**
 * The integrated terminal of a lane set to `payments.device: integrated-terminal` (ADR 085), made
 * once on first use: in training from the kit's terminal emulator in front of the built-in gateway,
 * live from the settings and the API key in the secret store, on the lane's clock and logger. What
 * is not set up is refused in words naming it, and asked again at the next sale (a key stored
 * meanwhile is then found). Undefined for a lane that takes cards on its own reader.
 */
export function setupIntegratedTerminal(
  options: CoreOptions,
  clock: Clock,
  training: Pick<TrainingKit, 'terminal'>,
): LaneIntegratedTerminal | undefined {
  const { settings, logger } = options;
  if (settings.payments.device !== 'integrated-terminal') return undefined;
  const merchantId = settings.integratedTerminal.merchantId || settings.merchantId;

  const connection = async (): Promise<IntegratedTerminalConnection> => {
    if (settings.training) {
      if (!training.terminal)
        throw new LaneError('refused', 'Training has no integrated terminal: set payments.device to reader.');
      return training.terminal.connection(merchantId);
    }
    const secrets = options.secrets?.();
    if (!secrets)
      throw new LaneError(
        'refused',
        'The integrated terminal is not set up: this lane has no secret store for its API key (integrated-terminal.api-key).',
      );
    try {
      return await integratedTerminalConnection(settings, secrets);
    } catch (error) {
      // "the integrated terminal is not set up: ... missing", with the first letter the cashier reads.
      if (error instanceof KindedError && error.kind === 'invalid')
        throw new LaneError('refused', `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`);
      throw error;
    }
  };

  let made: IntegratedTerminalAccess | undefined;
  let making: Promise<IntegratedTerminalAccess> | undefined;
  const source: IntegratedTerminalSource = () => {
    making ??= connection().then(
      (found) => {
        made = {
          client: createTerminalClient({
            baseUrl: found.baseUrl,
            apiKey: found.apiKey,
            merchantId: found.merchantId,
            clock,
            logger,
          }),
          hsn: found.hsn,
          merchantId: found.merchantId,
        };
        return made;
      },
      (error: unknown) => {
        // Asked again next time: the settings or the secret may be put right meanwhile.
        making = undefined;
        throw error;
      },
    );
    return making;
  };

  return {
    source,
    current: () => made,
    async close() {
      if (!made) return;
      await made.client
        .disconnect({ hsn: made.hsn })
        .catch((error: unknown) =>
          logger.warn({ err: error, hsn: made?.hsn }, 'ending the integrated terminal’s session at shutdown failed'),
        );
    },
  };
}
