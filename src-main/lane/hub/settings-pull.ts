import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/log/logger';
import type { OutboundSender } from '../../platform/http/outbound';
import type { HubOutbox } from '../journal/hub-outbox';
import { fetchSettings, type HubAddress } from './hub-wire';
import { PushRefused } from './settings-push';

/** How often the lane asks the hub for a newer settings push. */
export const settingsPollMs = 60_000;

export interface SettingsPullOptions {
  readonly sender: OutboundSender;
  readonly address: HubAddress;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly outbox: Pick<HubOutbox, 'append'>;
  /** The push version the lane runs (settings.json's hub.settingsVersion), or undefined. */
  readonly appliedVersion: () => number | undefined;
  /** Applies a push as a Settings-screen save does; throws PushRefused naming the field. */
  readonly apply: (version: number, document: unknown) => void;
}

export interface SettingsPull {
  /** Asks now (after a reconnect); a question under way is not doubled. */
  pollNow(): Promise<void>;
  /**
   * The hub named the store's newest push in an answer: asked for at once when it is newer than
   * the version this lane runs and is not the one it refused.
   */
  offered(version: number): void;
  stop(): void;
}

/**
 * Takes the store's settings pushes from the hub (ADR 081): every minute, and at once after the
 * lane reconnects, it asks for the latest; a version newer than the one the lane runs is applied
 * whole or refused whole, and the hub is told which through the outbox (`settings.applied`, or
 * `settings.refused` with the reason). A refused version is not tried again until a newer one comes.
 */
export function startSettingsPull(options: SettingsPullOptions): SettingsPull {
  const { clock, logger } = options;
  let refusedVersion: number | undefined;
  let asking: Promise<void> | undefined;
  let stopped = false;
  let cancel: () => void = () => undefined;

  const ask = async () => {
    const outcome = await fetchSettings(options.sender, options.address);
    if (stopped || outcome.kind !== 'push') return;
    const { version, document } = outcome;
    if (version <= (options.appliedVersion() ?? 0) || version === refusedVersion) return;
    try {
      options.apply(version, document);
      options.outbox.append('settings.applied', { version });
      logger.info({ version }, 'the store hub\u2019s settings push applied');
    } catch (error) {
      if (!(error instanceof PushRefused)) throw error;
      refusedVersion = version;
      options.outbox.append('settings.refused', { version, reason: error.reason });
      logger.warn({ version, reason: error.reason }, 'the store hub\u2019s settings push refused');
    }
  };

  const pollNow = () =>
    (asking ??= ask()
      .catch((error: unknown) => logger.warn({ err: error }, 'the store hub\u2019s settings could not be taken'))
      .finally(() => {
        asking = undefined;
      }));

  const schedule = () => {
    cancel = clock.setTimer(() => {
      void pollNow().then(() => {
        if (!stopped) schedule();
      });
    }, settingsPollMs);
  };
  schedule();

  return {
    pollNow,
    offered(version) {
      if (version > (options.appliedVersion() ?? 0) && version !== refusedVersion) void pollNow();
    },
    stop() {
      stopped = true;
      cancel();
    },
  };
}
