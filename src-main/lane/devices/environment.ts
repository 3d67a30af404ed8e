import { HidPosMsrReader } from '../../../drivers/card-reader/hid-pos-msr';
import { MagtekHidReader } from '../../../drivers/card-reader/magtek-hid';
import { ViVOtech2Reader } from '../../../drivers/card-reader/vivotech2';
import { HidTransport, type HidApi } from '../../../drivers/transport/hid';
import { SerialTransport } from '../../../drivers/transport/serial';
import type { DeviceEnvironment } from './manager';

/**
 * How devices are reached on a real lane: serial through serialport, HID through node-hid (loaded on first use, so a
 * machine without it still starts, and the device shows the error), and the protocols that
 * live in their own modules; signature pads over the same two links.
 */
export function laneDeviceEnvironment(options: { hidApi?: HidApi | (() => Promise<HidApi>) } = {}): DeviceEnvironment {
  const hid = (setting: { hid: ConstructorParameters<typeof HidTransport>[0]['device'] }) =>
    new HidTransport({ device: setting.hid, ...(options.hidApi && { api: options.hidApi }) });
  const serial = (setting: { serial: ConstructorParameters<typeof SerialTransport>[0] }) =>
    new SerialTransport(setting.serial);
  return {
    hid,
    serial,
    pads: { hid, serial },
    printers: { serial },
    protocols: {
      vivotech2: (transport) => new ViVOtech2Reader(transport),
      'magtek-hid': (transport) => new MagtekHidReader(transport),
      'hid-pos-msr': (transport, setting) =>
        new HidPosMsrReader(
          transport,
          Buffer.from(setting.protocol === 'hid-pos-msr' ? setting.reportDescriptor : '', 'hex'),
        ),
    },
  };
}
