import { ReceiptPrinter } from '../../../drivers/printer/receipt-printer';
import { DeviceFileTransport } from '../../../drivers/transport/device-file';
import { createMemoryPair } from '../../../drivers/transport/memory';
import { TcpTransport } from '../../../drivers/transport/tcp';
import type { Transport } from '../../../drivers/transport/types';
import type { PrinterSetting } from '../config/schema';
import type { ConfiguredDevice } from './configured';
import type { EmulatedPrinterPages, TrainingDevices } from './training-devices';
import type { PrinterProfile } from '../receipt/profiles';
import { KindedError } from '../../platform/errors';

/** One configured receipt printer, opened or not. */
export interface PrinterDevice extends ConfiguredDevice<PrinterSetting> {
  readonly profile: PrinterProfile;
  readonly printer: ReceiptPrinter;
  /** Whether a cash drawer is on the printer's kick-out connector (the setting's `drawer`; training's emulated printer: yes). */
  readonly hasDrawer: boolean;
  /** Training: the emulated printer, whose pages show what was really sent. */
  readonly emulated?: EmulatedPrinterPages;
}

export interface PrinterEnvironment {
  readonly serial?: (setting: Extract<PrinterSetting, { serial: unknown }>) => Transport;
  /** By default node:net (TCP) and node:fs (device files); tests may pass their own. */
  readonly tcp?: (setting: Extract<PrinterSetting, { tcp: unknown }>) => Transport;
  readonly deviceFile?: (path: string) => Transport;
  /** Training's emulated printer (the training wiring's); absent: an `emulated` setting cannot be built. */
  readonly training?: TrainingDevices;
}

/** Builds the printer a setting describes. Throws an error naming the setting when it cannot. */
export function buildPrinter(
  setting: PrinterSetting,
  profiles: ReadonlyMap<string, PrinterProfile>,
  environment: PrinterEnvironment,
): PrinterDevice {
  const profile = profiles.get(setting.profile);
  if (!profile)
    throw new KindedError(
      'invalid',
      `printers.${setting.id}.profile: no printer profile "${setting.profile}"; there are ${[...profiles.keys()].join(', ')}`,
    );
  const { transport, oneWay, ...link } = printerLink(setting, profile, environment);
  const printer = new ReceiptPrinter(transport, {
    realtimeStatus: profile.realtimeStatus && !oneWay,
    language: profile.language,
    drawerOpenLevel: drawerOpenLevel(setting),
  });
  return { setting, profile, ...link, printer, hasDrawer: hasDrawer(setting) };
}

/** A real printer has a drawer only when the setting says so; training's emulated printer has one unless it says not. */
function hasDrawer(setting: PrinterSetting): boolean {
  return setting.drawer ?? 'emulated' in setting;
}

function drawerOpenLevel(setting: PrinterSetting): 'high' | 'low' {
  return setting.drawerOpenLevel ?? 'low';
}

/** How a setting's printer is reached: the link, its name and kind, and (training) the emulated printer on its far end. */
interface PrinterLink extends Omit<PrinterDevice, 'setting' | 'profile' | 'printer' | 'hasDrawer'> {
  readonly transport: Transport;
  /** The printer's status cannot be read back over this link. */
  readonly oneWay?: true;
}

function printerLink(setting: PrinterSetting, profile: PrinterProfile, environment: PrinterEnvironment): PrinterLink {
  if ('emulated' in setting) {
    if (!environment.training)
      throw new KindedError(
        'unavailable',
        `printers.${setting.id}: training's emulated printer is not available on this machine`,
      );
    const { host, device } = createMemoryPair(`training printer`);
    const drawer = hasDrawer(setting) ? { openLevel: drawerOpenLevel(setting) } : undefined;
    const emulated = environment.training.printer(profile, device, drawer);
    void device.open();
    const name = setting.name ?? 'Training printer';
    return { name, transportKind: 'emulated', transport: host, emulated, dispose: () => device.close() };
  }
  if ('tcp' in setting) {
    const transport =
      environment.tcp?.(setting) ?? new TcpTransport({ host: setting.tcp.host, port: setting.tcp.port });
    return { name: setting.name ?? `Printer at ${setting.tcp.host}`, transportKind: 'tcp', transport };
  }
  if ('serial' in setting) {
    if (!environment.serial)
      throw new KindedError('unavailable', `printers.${setting.id}: the serial port is not available on this machine`);
    const transport = environment.serial(setting);
    return { name: setting.name ?? 'Receipt printer (serial)', transportKind: 'serial', transport };
  }
  const transport = environment.deviceFile?.(setting.deviceFile) ?? new DeviceFileTransport(setting.deviceFile);
  // A device file is one-way: the printer's status cannot be read back through it.
  return { name: setting.name ?? 'Receipt printer (USB)', transportKind: 'usb', transport, oneWay: true };
}
