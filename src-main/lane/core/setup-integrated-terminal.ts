import type { Clock } from '../../platform/clock';
import { KindedError } from '../../platform/errors';
import type { IntegratedTerminalConnection } from '../config/integrated-terminal-settings';
import { integratedTerminalConnection } from '../config/integrated-terminal-settings';
import { LaneError } from '../errors';
import { createTerminalClient } from '../integrated-terminal/client';
import type { IntegratedTerminalAccess, IntegratedTerminalSource } from '../integrated-terminal/lane-terminal';
import type { DeviceRegistry } from '../devices/registry';
import type { DeviceInfo } from '../ipc/contract';
import type { CoreOptions } from './core-options';
import type { TrainingKit } from './training-kit';

/** The lane's integrated terminal: where a sale gets it, and its session ended when the lane stops. */
export interface LaneIntegratedTerminal {
  readonly source: IntegratedTerminalSource;
  /** The terminal once a sale or the device list has made it; undefined before (nothing is made to answer this). */
  readonly current: () => IntegratedTerminalAccess | undefined;
  /**
   * Lists the terminal among the lane's devices (a card reader, over the network) and keeps its
   * status from the terminal service's terminalDetails, at once and then every `everyMs`: a call
   * that needs no session and never reaches the terminal, so it cannot hold up a sale, and
   * `devices.list` reads the status kept, never waiting on the network.
   */
  watch(registry: Pick<DeviceRegistry, 'register' | 'setStatus'>, everyMs?: number): void;
  /** Stops the status checks and ends the client's session with the terminal, so the next POS connects without waiting for it to expire. */
  close(): Promise<void>;
}

/** The terminal's id among the lane's devices. */
export const integratedTerminalDeviceId = 'integrated-terminal';

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

  let stopWatching = () => {};
  let closed = false;
  const watch: LaneIntegratedTerminal['watch'] = (registry, everyMs = 60_000) => {
    const device: DeviceInfo = {
      id: integratedTerminalDeviceId,
      kind: 'card-reader',
      name: `Integrated terminal ${settings.integratedTerminal.hsn}`.trim(),
      transport: 'tcp',
      emulated: settings.training,
      status: 'connecting',
      lastError: null,
    };
    registry.register(device);
    const check = async (): Promise<void> => {
      const [status, lastError] = await terminalStatus(source);
      if (!closed) registry.setStatus(integratedTerminalDeviceId, status, lastError);
    };
    const next = () => {
      stopWatching = clock.setTimer(
        () => {
          void check().finally(() => {
            if (!closed) next();
          });
        },
        everyMs,
        { unref: true },
      );
    };
    void check().finally(() => {
      if (!closed) next();
    });
  };

  return {
    source,
    current: () => made,
    watch,
    async close() {
      closed = true;
      stopWatching();
      if (!made) return;
      await made.client
        .disconnect({ hsn: made.hsn })
        .catch((error: unknown) =>
          logger.warn({ err: error, hsn: made?.hsn }, 'ending the integrated terminal’s session at shutdown failed'),
        );
    },
  };
}

/** The terminal's status as the terminal service lists it, and the words for a status that is not connected. */
async function terminalStatus(source: IntegratedTerminalSource): Promise<[DeviceInfo['status'], string | null]> {
  let access: IntegratedTerminalAccess;
  try {
    access = await source();
  } catch (error) {
    return ['error', error instanceof Error ? error.message : String(error)];
  }
  try {
    const details = await access.client.terminalDetails();
    const mine = details.find((terminal) => terminal.hsn === access.hsn);
    if (!mine)
      return [
        'error',
        `The terminal service lists no terminal ${access.hsn} under merchant ${access.merchantId}: check integratedTerminal.hsn and merchantId in the settings.`,
      ];
    if (mine.connected === false)
      return ['disconnected', 'The terminal is not connected to the terminal service: check that it is on and online.'];
    return ['connected', null];
  } catch (error) {
    return ['error', `The terminal service did not answer: ${(error as Error).message}`];
  }
}
