import type { Clock } from '../../platform/clock';
import type { Keystroke } from '../../../drivers/transport/keyboard-wedge';
import { KeyboardWedgeTransport, type KeystrokeTiming } from '../../../drivers/transport/keyboard-wedge-transport';
import { problemWords } from '../../../drivers/printer/status';
import { TransportError, transportProblemWords } from '../../../drivers/transport/errors';
import type { CardReaderSetting, PrinterSetting, SignaturePadSetting } from '../config/schema';
import type { DeviceKind, DeviceTransportKind } from '../ipc/contract';
import type { Logger } from '../../platform/log/logger';
import { buildCardReader, type CardReaderDevice, type CardReaderEnvironment } from './card-readers';
import type { DeviceRegistry } from './registry';
import type { PrinterProfile } from '../receipt/profiles';
import { buildPrinter, type PrinterDevice, type PrinterEnvironment } from './printers';
import { buildSignaturePad, type SignaturePadDevice, type SignaturePadEnvironment } from './signature-pads';
import type { TrainingDevices } from './training-devices';

/** The device list's words for a device that cannot be opened: the kind's advice, then the error naming the device. */
export function openFailureWords(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof TransportError ? `${transportProblemWords[error.kind]} ${message}` : message;
}

/** The emulated reader training uses when the settings name no card reader. */
export const trainingReader: CardReaderSetting = {
  id: 'training-reader',
  kind: 'card-reader',
  name: 'Training card reader',
  protocol: 'emulated',
  mode: 'keyboard',
  chipFailuresBeforeFallback: 1,
};

/** The emulated pad training uses when the settings name no signature pad. */
export const trainingPad: SignaturePadSetting = {
  id: 'training-pad',
  kind: 'signature-pad',
  name: 'Training signature pad',
  protocol: 'emulated',
  mode: 'hid-digitizer',
};

/** The emulated printer training uses when the settings name no printer. */
export const trainingPrinter: PrinterSetting = {
  id: 'training-printer',
  kind: 'printer',
  name: 'Training printer',
  profile: 'escpos-80mm',
  emulated: true,
};

/** How devices are reached on this machine: card readers' links and protocols, pads' and printers' links. */
export type DeviceEnvironment = Omit<CardReaderEnvironment, 'wedge' | 'clock' | 'training'> & {
  readonly pads?: Omit<SignaturePadEnvironment, 'training'>;
  readonly printers?: Omit<PrinterEnvironment, 'training'>;
};

export interface DeviceManagerOptions {
  readonly devices: readonly CardReaderSetting[];
  readonly signaturePads?: readonly SignaturePadSetting[];
  readonly printers?: readonly PrinterSetting[];
  /** assets/printers, by id. */
  readonly printerProfiles?: ReadonlyMap<string, PrinterProfile>;
  readonly training: boolean;
  readonly registry: DeviceRegistry;
  readonly logger: Logger;
  readonly environment?: DeviceEnvironment;
  /** Training's emulated devices, handed in by the training wiring; without them an `emulated` setting cannot be built. */
  readonly trainingDevices?: TrainingDevices;
  /**
   * Runs the keyboard stream's timers and times the keys it is given without a time of their own
   * (`monotonic`, the gaps of a burst); the composition root passes the lane's clock.
   */
  readonly clock: Clock;
  /** The keyboard stream tells keyboard-mode barcode scanners' bursts apart too (a kiosk's lane). */
  readonly barcodes?: boolean;
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
  signaturePads(): readonly SignaturePadDevice[];
  printers(): readonly PrinterDevice[];
  /** The printer with this id, or the first one. */
  printer(id?: string): PrinterDevice | undefined;
  /** The pad with this id, or the first one. */
  signaturePad(id?: string): SignaturePadDevice | undefined;
  /**
   * One keystroke from the shell; true when it must be kept from the page (reader data).
   * `timing` says whose clock `stroke.at` is on (see KeystrokeTiming).
   */
  keystroke(stroke: Keystroke, timing?: KeystrokeTiming): boolean;
  /** A page saw no key after its last one until `at`, its own time; returns when to say so again. */
  keysPaused(source: string, at: number): number | undefined;
  /** When, on the source's clock, the keys it has held settle unless another key comes. */
  keysSettleAt(source: string): number | undefined;
  /** Keystrokes held back that a person typed, to be typed into the page now. */
  onRelease(listener: (keys: readonly Keystroke[]) => void): () => void;
  /** Barcodes a keyboard-mode scanner typed into the keyboard stream (with the `barcodes` option). */
  onBarcode(listener: (barcode: string) => void): () => void;
  /** Keys at a scanner's pace that made no code: a scan to be tried again (with the `barcodes` option). */
  onUnreadableScan(listener: (source: string | undefined) => void): () => void;
  close(): Promise<void>;
}

export function createDeviceManager(options: DeviceManagerOptions): DeviceManager {
  const { clock } = options;
  const wedge = new KeyboardWedgeTransport({
    clock,
    description: 'keyboard stream',
    barcodes: options.barcodes ?? false,
  });
  const settings = options.devices.length === 0 && options.training ? [trainingReader] : options.devices;
  const devices: CardReaderDevice[] = [];
  const pads: SignaturePadDevice[] = [];
  const printers: PrinterDevice[] = [];
  const { registry, logger, trainingDevices } = options;

  /** Registers a device and keeps its registry entry in step with its events. */
  const track = (
    kind: DeviceKind,
    device: { setting: { id: string; protocol: string }; name: string; transportKind: DeviceTransportKind },
    emitter: {
      on(event: 'connected', listener: () => void): unknown;
      on(event: 'disconnected' | 'error', listener: (error: Error) => void): unknown;
    },
    unusable: string,
  ) => {
    const { id } = device.setting;
    registry.register({
      id,
      kind,
      name: device.name,
      transport: device.transportKind,
      emulated: device.setting.protocol === 'emulated',
      status: 'connecting',
      lastError: null,
    });
    emitter.on('connected', () => registry.setStatus(id, 'connected', null));
    emitter.on('disconnected', (error) => {
      registry.setStatus(id, 'disconnected', error.message);
      logger.warn(
        { device: id, err: error },
        `${kind} disconnected: check its cable and power; it is used again once it reconnects`,
      );
    });
    emitter.on('error', (error) => {
      registry.setStatus(id, 'connected', `${unusable}: ${error.message}`);
      logger.warn(
        { device: id, err: error },
        `${kind} sent unusable data: try again; if it keeps happening, check the protocol its entry in settings.json names`,
      );
    });
  };
  const unbuildable = (kind: DeviceKind, setting: { id: string; name?: string | undefined }, error: unknown) => {
    registry.register({
      id: setting.id,
      kind,
      name: setting.name ?? setting.id,
      transport: 'emulated',
      emulated: false,
      status: 'error',
      lastError: (error as Error).message,
    });
    logger.error(
      { device: setting.id, err: error },
      'device cannot be set up: correct its entry in settings.json as the error says, then restart Lanepoint',
    );
  };

  /** Builds each setting's device with `build`; a setting that cannot be built is listed with its error. */
  const buildEach = <Setting extends { id: string; name?: string | undefined }>(
    kind: DeviceKind,
    list: readonly Setting[],
    build: (setting: Setting) => void,
  ) => {
    for (const setting of list) {
      try {
        build(setting);
      } catch (error) {
        unbuildable(kind, setting, error);
      }
    }
  };

  buildEach('card-reader', settings, (setting) => {
    const device = buildCardReader(setting, { ...options.environment, wedge, clock, training: trainingDevices });
    devices.push(device);
    track('card-reader', device, device.reader, 'The last card could not be read');
  });
  const padSettings = options.signaturePads?.length ? options.signaturePads : options.training ? [trainingPad] : [];
  buildEach('signature-pad', padSettings, (setting) => {
    const device = buildSignaturePad(setting, { ...options.environment?.pads, training: trainingDevices });
    pads.push(device);
    track('signature-pad', device, device.pad, 'The pad sent something unreadable');
  });

  const printerSettings = options.printers?.length ? options.printers : options.training ? [trainingPrinter] : [];
  buildEach('printer', printerSettings, (setting) => {
    const device = buildPrinter(setting, options.printerProfiles ?? new Map(), {
      ...options.environment?.printers,
      training: trainingDevices,
    });
    printers.push(device);
    track(
      'printer',
      { ...device, setting: { id: setting.id, protocol: 'emulated' in setting ? 'emulated' : device.transportKind } },
      device.printer,
      'The printer link reported a problem',
    );
    device.printer.on('attention', (problem) => {
      registry.setStatus(setting.id, 'error', problemWords[problem]);
      logger.warn({ device: setting.id, problem }, `printer needs attention: ${problemWords[problem]}`);
    });
    device.printer.on('printed', () => registry.setStatus(setting.id, 'connected', null));
  });

  const opened = async (id: string, kind: DeviceKind, open: () => Promise<void>) => {
    try {
      await open();
      registry.setStatus(id, 'connected', null);
    } catch (error) {
      registry.setStatus(id, 'error', openFailureWords(error));
      logger.error(
        { device: id, err: error },
        `${kind} cannot be opened: check that it is plugged in and that its entry in settings.json names the right port or USB ids, then restart Lanepoint`,
      );
    }
  };

  return {
    async start() {
      await wedge.open();
      await Promise.all([
        ...devices.map((device) => opened(device.setting.id, 'card-reader', () => device.reader.open())),
        ...pads.map((device) => opened(device.setting.id, 'signature-pad', () => device.pad.open())),
        ...printers.map((device) => opened(device.setting.id, 'printer', () => device.printer.open())),
      ]);
    },
    cardReaders: () => devices,
    cardReader: (id) => (id === undefined ? devices[0] : devices.find((device) => device.setting.id === id)),
    signaturePads: () => pads,
    printers: () => printers,
    printer: (id) => (id === undefined ? printers[0] : printers.find((device) => device.setting.id === id)),
    signaturePad: (id) => (id === undefined ? pads[0] : pads.find((device) => device.setting.id === id)),
    keystroke: (stroke, timing) => wedge.feed(stroke, timing),
    keysPaused: (source, at) => wedge.pause(source, at),
    keysSettleAt: (source) => wedge.settleAt(source),
    onRelease: (listener) => wedge.onRelease(listener),
    onBarcode: (listener) => wedge.onBarcode(listener),
    onUnreadableScan: (listener) => wedge.onUnreadable(listener),
    async close() {
      await Promise.allSettled([
        ...devices.map(async (device) => {
          await device.reader.close();
          await device.dispose?.();
        }),
        ...pads.map(async (device) => {
          await device.pad.close();
          await device.dispose?.();
        }),
        ...printers.map(async (device) => {
          await device.printer.close();
          await device.dispose?.();
        }),
      ]);
      await wedge.close();
    },
  };
}
