import { KeyboardWedgeTransport, type Keystroke } from '../../drivers/transport/keyboard-wedge';
import type { CardReaderSetting } from '../config/schema';
import type { Logger } from '../log/logger';
import { buildCardReader, type CardReaderDevice, type CardReaderEnvironment } from './card-readers';
import type { DeviceRegistry } from './registry';

/** The emulated reader training uses when the settings name no card reader. */
export const trainingReader: CardReaderSetting = {
  id: 'training-reader',
  kind: 'card-reader',
  name: 'Training card reader',
  protocol: 'emulated',
  mode: 'keyboard',
  chipFailuresBeforeFallback: 1,
};

export interface DeviceManagerOptions {
  readonly devices: readonly CardReaderSetting[];
  readonly training: boolean;
  readonly registry: DeviceRegistry;
  readonly logger: Logger;
  readonly environment?: Omit<CardReaderEnvironment, 'wedge' | 'now'>;
  readonly now?: () => number;
}

/**
 * Opens the configured devices and keeps the registry (and so the contract's `devices.changed`)
 * in step with them: connecting, connected, disconnected or error with a reason an IT person
 * can act on. It owns the one keyboard stream that keyboard-mode readers type into.
 */
export interface DeviceManager {
  start(): Promise<void>;
  cardReaders(): readonly CardReaderDevice[];
  /** The reader with this id, or the first one. */
  cardReader(id?: string): CardReaderDevice | undefined;
  /** One keystroke from the shell; true when it must be kept from the page (reader data). */
  keystroke(stroke: Keystroke): boolean;
  /** Keystrokes held back that a person typed, to be typed into the page now. */
  onRelease(listener: (keys: readonly Keystroke[]) => void): () => void;
  close(): Promise<void>;
}

export function createDeviceManager(options: DeviceManagerOptions): DeviceManager {
  const now = options.now ?? (() => performance.now());
  const wedge = new KeyboardWedgeTransport({ now, description: 'keyboard stream' });
  const settings = options.devices.length === 0 && options.training ? [trainingReader] : options.devices;
  const devices: CardReaderDevice[] = [];
  const { registry, logger } = options;

  for (const setting of settings) {
    let device: CardReaderDevice;
    try {
      device = buildCardReader(setting, { ...options.environment, wedge, now });
    } catch (error) {
      const message = (error as Error).message;
      registry.register({ id: setting.id, kind: 'card-reader', name: setting.name ?? setting.id, transport: 'emulated', emulated: false, status: 'error', lastError: message });
      logger.error({ device: setting.id, err: error }, 'device cannot be built');
      continue;
    }
    devices.push(device);
    registry.register({
      id: setting.id,
      kind: 'card-reader',
      name: device.name,
      transport: device.transportKind,
      emulated: setting.protocol === 'emulated',
      status: 'connecting',
      lastError: null,
    });
    const { reader } = device;
    reader.on('connected', () => registry.setStatus(setting.id, 'connected', null));
    reader.on('disconnected', (error) => {
      registry.setStatus(setting.id, 'disconnected', error.message);
      logger.warn({ device: setting.id, err: error }, 'card reader disconnected');
    });
    reader.on('error', (error) => {
      registry.setStatus(setting.id, 'connected', `The last card could not be read: ${error.message}`);
      logger.warn({ device: setting.id, err: error }, 'card reader sent unusable data');
    });
  }

  return {
    async start() {
      await wedge.open();
      await Promise.all(
        devices.map(async (device) => {
          try {
            await device.reader.open();
            registry.setStatus(device.setting.id, 'connected', null);
          } catch (error) {
            registry.setStatus(device.setting.id, 'error', (error as Error).message);
            logger.error({ device: device.setting.id, err: error }, 'card reader cannot be opened');
          }
        }),
      );
    },
    cardReaders: () => devices,
    cardReader: (id) => (id === undefined ? devices[0] : devices.find((device) => device.setting.id === id)),
    keystroke: (stroke) => wedge.feed(stroke),
    onRelease: (listener) => wedge.onRelease(listener),
    async close() {
      await Promise.allSettled(devices.map(async (device) => {
        await device.reader.close();
        await device.dispose?.();
      }));
      await wedge.close();
    },
  };
}
