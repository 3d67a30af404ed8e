import type { Clock } from '../../platform/clock';
import { IdtechHidReader } from '../../../drivers/card-reader/idtech-hid';
import { KeyboardCardReader } from '../../../drivers/card-reader/keyboard-reader';
import type { CardReader } from '../../../drivers/card-reader/types';
import type { KeyboardWedgeTransport } from '../../../drivers/transport/keyboard-wedge-transport';
import { createMemoryPair } from '../../../drivers/transport/memory';
import type { Transport } from '../../../drivers/transport/types';
import { UnattendedPaymentDevice } from '../../../drivers/unattended/unattended-device';
import type { CardReaderSetting } from '../config/schema';
import type { ConfiguredDevice } from './configured';
import type { EmulatedReaderControl, TrainingDevices } from './training-devices';
import { UnattendedCardReader } from './unattended-reader';

/** One configured card reader, opened or not. */
export interface CardReaderDevice extends ConfiguredDevice<CardReaderSetting> {
  readonly reader: CardReader;
  readonly emulated?: EmulatedReaderControl;
  /** An unattended payment device: it reads and authorizes by itself, so sales go to it, not to `reader`. */
  readonly unattended?: UnattendedPaymentDevice;
}

/** What building a reader needs from outside: the one keyboard stream, and HID/serial links. */
export interface CardReaderEnvironment {
  readonly wedge: KeyboardWedgeTransport;
  /** Opens the HID link for a setting (node-hid on a lane); absent where HID cannot load. */
  readonly hid?: (setting: Extract<CardReaderSetting, { hid: unknown }>) => Transport;
  /** Opens the serial link for a setting. */
  readonly serial?: (setting: Extract<CardReaderSetting, { serial: unknown }>) => Transport;
  /** Protocol readers contributed by other modules (magtek-hid, hid-pos-msr, vivotech2). */
  readonly protocols?: Partial<
    Record<CardReaderSetting['protocol'], (transport: Transport, setting: CardReaderSetting) => CardReader>
  >;
  /** Runs the readers' timeouts and times the emulated keyboard reader's keystrokes (gaps: `monotonic`). */
  readonly clock: Clock;
  /** Training's emulated readers (the training wiring's); absent: an `emulated` setting cannot be built. */
  readonly training?: TrainingDevices;
}

const defaultNames: Record<CardReaderSetting['protocol'], string> = {
  keyboard: 'Card reader (keyboard mode)',
  'idtech-hid': 'Card reader (USB HID)',
  'magtek-hid': 'Swipe reader (USB HID)',
  'hid-pos-msr': 'Swipe reader (HID POS)',
  vivotech2: 'EMV reader (serial)',
  pae: 'Unattended payment device (serial)',
  emulated: 'Training card reader',
};

/** Builds the reader a setting describes. Throws an error naming the setting when it cannot. */
export function buildCardReader(setting: CardReaderSetting, environment: CardReaderEnvironment): CardReaderDevice {
  const name = setting.name ?? defaultNames[setting.protocol];
  const unavailable = (what: string) => new Error(`devices.${setting.id}: ${what} is not available on this machine`);
  switch (setting.protocol) {
    case 'keyboard':
      return {
        setting,
        name,
        transportKind: 'keyboard-wedge',
        reader: new KeyboardCardReader(environment.wedge, { clock: environment.clock }),
      };
    case 'emulated': {
      if (!environment.training) throw unavailable("training's emulated reader");
      if (setting.mode === 'keyboard') {
        // It types into the same keyboard stream a real reader types into.
        const reader = new KeyboardCardReader(environment.wedge, { clock: environment.clock });
        const emulated = environment.training.keyboardReader(environment.wedge, environment.clock);
        return { setting, name, transportKind: 'emulated', reader, emulated };
      }
      const { host, device } = createMemoryPair(`${name} (HID)`);
      const reader = new IdtechHidReader(host, { clock: environment.clock });
      const emulated = environment.training.hidReader(device);
      return { setting, name, transportKind: 'emulated', reader, emulated, dispose: () => device.close() };
    }
    case 'idtech-hid': {
      if (!environment.hid) throw unavailable('USB HID');
      return {
        setting,
        name,
        transportKind: 'hid',
        reader: new IdtechHidReader(environment.hid(setting), { clock: environment.clock }),
      };
    }
    case 'magtek-hid':
    case 'hid-pos-msr': {
      const build = environment.protocols?.[setting.protocol];
      if (!environment.hid || !build) throw unavailable('USB HID');
      return { setting, name, transportKind: 'hid', reader: build(environment.hid(setting), setting) };
    }
    case 'vivotech2': {
      const build = environment.protocols?.vivotech2;
      if (!environment.serial || !build) throw unavailable('the serial port');
      return { setting, name, transportKind: 'serial', reader: build(environment.serial(setting), setting) };
    }
    case 'pae': {
      if (!environment.serial) throw unavailable('the serial port');
      const reader = new UnattendedCardReader(
        new UnattendedPaymentDevice(environment.serial(setting), { clock: environment.clock }),
      );
      return { setting, name, transportKind: 'serial', reader, unattended: reader.device };
    }
  }
}
