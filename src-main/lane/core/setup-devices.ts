import { join } from 'node:path';
import type { CoreOptions } from './core-options';
import type { EventHub } from '../ipc/event-hub';
import type { Clock } from '../../platform/clock';
import { createTestReadService, type TestReadService } from '../devices/test-read';
import { createDeviceManager, type DeviceManager } from '../devices/manager';
import { laneDeviceEnvironment } from '../devices/environment';
import { createDeviceRegistry, type DeviceRegistry } from '../devices/registry';
import type { TrainingDevices } from '../devices/training-devices';
import { createPrinterService, type PrinterService } from '../receipt/printer-service';
import { loadPrinterProfiles, type PrinterProfile } from '../receipt/profiles';
import { createSignatureService, type SignatureService } from '../signature/service';
import { defaultAssetsDir } from './assets';

/** The lane's devices and what works them: readers, pads, printers, and the signature capture. */
export interface LaneDevices {
  /** Run-time data (the training card deck, printer profiles): the option, or beside the app. */
  readonly assetsDir: string;
  readonly devices: DeviceRegistry;
  readonly deviceManager: DeviceManager;
  readonly cardReaders: TestReadService;
  readonly signature: SignatureService;
  readonly printers: PrinterService;
  /** The printer profiles' names, for the Settings screen. */
  readonly printerProfileNames: string[];
  /** The profile a receipt preview is drawn with. */
  readonly previewProfile: PrinterProfile;
}

/** `trainingDevices`: the emulated devices and test data, from the training wiring. */
export function setupDevices(
  options: CoreOptions,
  clock: Clock,
  events: EventHub,
  trainingDevices: TrainingDevices,
): LaneDevices {
  const { settings, logger } = options;
  const devices = createDeviceRegistry();
  const assetsDir = options.assetsDir ?? defaultAssetsDir();
  const printerProfiles = loadPrinterProfiles(join(assetsDir, 'printers'));
  const deviceManager = createDeviceManager({
    devices: settings.devices,
    printers: settings.printers,
    printerProfiles,
    signaturePads: settings.signaturePads,
    training: settings.training,
    registry: devices,
    logger,
    clock,
    environment: options.deviceEnvironment ?? laneDeviceEnvironment(),
    trainingDevices,
    // A kiosk's keyboard-mode scanner types into the same keyboard as the card reader.
    barcodes: settings.mode === 'kiosk',
  });
  const cardReaders = createTestReadService({
    manager: deviceManager,
    training: settings.training,
    assetsDir,
    clock,
    trainingDevices,
  });
  const signature = createSignatureService({
    manager: deviceManager,
    registry: devices,
    settings,
    events,
    logger,
    assetsDir,
    trainingDevices,
  });
  const printers = createPrinterService({ manager: deviceManager, settings });
  return {
    assetsDir,
    devices,
    deviceManager,
    cardReaders,
    signature,
    printers,
    printerProfileNames: [...printerProfiles.keys()].sort(),
    previewProfile: printerProfiles.get('escpos-80mm') ?? [...printerProfiles.values()][0]!,
  };
}
