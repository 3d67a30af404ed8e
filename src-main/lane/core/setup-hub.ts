import type { Clock } from '../../platform/clock';
import { createOutboundSender } from '../../platform/http/outbound';
import type { EventHub } from '../ipc/event-hub';
import type { DeviceRegistry } from '../devices/registry';
import type { HubStatusView } from '../ipc/contract';
import { startHubSender, type HubSender } from '../hub/hub-sender';
import { startSettingsPull, type SettingsPull } from '../hub/settings-pull';
import { startDeviceStatus } from '../hub/device-status';
import { applySettingsPush } from '../hub/settings-push';
import type { CoreOptions } from './core-options';
import type { LaneJournal } from './setup-journal';

/** With no hub reading it, the outbox keeps a week of events (so a hub set up later sees the recent ones). */
export const unreadOutboxKeepMs = 7 * 24 * 3600 * 1000;

export interface LaneHub {
  /** The link's status; null when no hub is configured (or the lane has no key for it). */
  status(): HubStatusView | null;
  close(): Promise<void>;
}

/**
 * The store hub's parts (ADR 081), only when `hub.url`, `hub.laneId` and the key (`hub.key` in
 * the secret store) are all there and the journal is in order: the outbox sender, the settings
 * pull and the device status. Otherwise nothing runs, and the outbox is trimmed to a week at start.
 * Started in the background: the key is read asynchronously and the sale never waits for it.
 */
export function setupHub(
  options: CoreOptions,
  parts: {
    readonly clock: Clock;
    readonly events: EventHub;
    readonly journal: LaneJournal;
    readonly registry: DeviceRegistry;
    readonly offlineQueue: () => number;
    readonly version: string;
  },
): LaneHub {
  const { settings, logger } = options;
  const { clock, journal } = parts;
  let sender: HubSender | undefined;
  let pull: SettingsPull | undefined;
  let stopDevices: (() => void) | undefined;
  let closed = false;

  const start = async () => {
    if (journal.refusal() || !options.journalPath) return;
    const outbox = journal.current().hub;
    const key = settings.hub.url && settings.hub.laneId ? await options.secrets?.()?.get('hub.key') : undefined;
    if (!key) {
      const trimmed = outbox.trimOlderThan(clock.now() - unreadOutboxKeepMs);
      if (settings.hub.url) logger.warn('hub.url is set but the secret store has no hub.key: not reporting to the hub');
      if (trimmed > 0) logger.info({ trimmed }, 'no store hub: outbox events older than a week removed');
      return;
    }
    if (closed) return;
    const address = { url: settings.hub.url, laneId: settings.hub.laneId, key };
    const http = createOutboundSender({ clock });
    pull = startSettingsPull({
      sender: http,
      address,
      clock,
      logger,
      outbox,
      appliedVersion: () => settings.hub.settingsVersion,
      apply(version, document) {
        if (!options.settingsFile) throw new Error('this lane has no settings folder to save a push in');
        const { restartNeeded } = applySettingsPush(settings, options.settingsFile, version, document);
        if (restartNeeded.length > 0) logger.warn({ restartNeeded }, 'pushed settings take effect at the next start');
      },
    });
    stopDevices = startDeviceStatus({
      registry: parts.registry,
      offlineQueue: parts.offlineQueue,
      softwareVersion: parts.version,
      outbox,
      clock,
      onError: (error) => logger.warn({ err: error }, 'the device status for the hub could not be written'),
    });
    sender = startHubSender({
      outbox,
      journalId: journal.current().identity,
      address,
      clock,
      sender: http,
      logger,
      onStatus: (status) => parts.events.emit('hub.status', status),
      onConnected: () => void pull?.pollNow(),
      onSettingsVersion: (version) => pull?.offered(version),
    });
  };
  const started = start().catch((error: unknown) => logger.error({ err: error }, 'the store hub link did not start'));

  return {
    status: () => sender?.status() ?? null,
    async close() {
      closed = true;
      await started;
      stopDevices?.();
      pull?.stop();
      await sender?.stop();
    },
  };
}
