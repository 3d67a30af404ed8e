import { HidDigitizerPad } from '../../../drivers/signature-pad/hid-digitizer';
import { Isdv4Pad } from '../../../drivers/signature-pad/isdv4';
import type { PenPadOptions } from '../../../drivers/signature-pad/pen-pad';
import type { SignaturePad } from '../../../drivers/signature-pad/types';
import { createMemoryPair } from '../../../drivers/transport/memory';
import type { Transport } from '../../../drivers/transport/types';
import type { SignaturePadSetting } from '../config/schema';
import type { ConfiguredDevice } from './configured';
import type { EmulatedPadControl, TrainingDevices } from './training-devices';

/** One configured signature pad, opened or not. */
export interface SignaturePadDevice extends ConfiguredDevice<SignaturePadSetting> {
  readonly pad: SignaturePad;
  readonly emulated?: EmulatedPadControl;
}

/** How a pad's link is opened on this machine (node-hid, serialport); absent where it cannot be. */
export interface SignaturePadEnvironment {
  readonly hid?: (setting: Extract<SignaturePadSetting, { hid: unknown }>) => Transport;
  readonly serial?: (setting: Extract<SignaturePadSetting, { serial: unknown }>) => Transport;
  /** Training's emulated pads (the training wiring's); absent: an `emulated` setting cannot be built. */
  readonly training?: TrainingDevices;
}

const defaultNames: Record<SignaturePadSetting['protocol'], string> = {
  'hid-digitizer': 'Signature pad (USB HID)',
  isdv4: 'Signature pad (serial)',
  emulated: 'Training signature pad',
};

/** Builds the pad a setting describes. Throws an error naming the setting when it cannot. */
export function buildSignaturePad(
  setting: SignaturePadSetting,
  environment: SignaturePadEnvironment,
): SignaturePadDevice {
  const name = setting.name ?? defaultNames[setting.protocol];
  const options = setting.buttons ? { buttons: setting.buttons } : {};
  const unavailable = (what: string) =>
    new Error(`signaturePads.${setting.id}: ${what} is not available on this machine`);
  switch (setting.protocol) {
    case 'hid-digitizer': {
      if (!environment.hid) throw unavailable('USB HID');
      const pad = new HidDigitizerPad(environment.hid(setting), Buffer.from(setting.reportDescriptor, 'hex'), options);
      return { setting, name, transportKind: 'hid', pad };
    }
    case 'isdv4': {
      if (!environment.serial) throw unavailable('the serial port');
      return { setting, name, transportKind: 'serial', pad: new Isdv4Pad(environment.serial(setting), options) };
    }
    case 'emulated': {
      if (!environment.training) throw unavailable("training's emulated pad");
      // The real protocol code runs against the emulated pad on the far end of an in-memory link.
      const link = createMemoryPair(name);
      const { pad, peer } = emulatedPad(environment.training, setting.mode, link, options);
      return {
        setting,
        name,
        transportKind: 'emulated',
        pad,
        emulated: { sign: (signature, replay) => peer.sign(signature, replay) },
        dispose: () => link.device.close(),
      };
    }
  }
}

/** The pad driver for an emulated pad's mode, on `host`, and the emulated pad it talks to on `device`. */
function emulatedPad(
  training: TrainingDevices,
  mode: Extract<SignaturePadSetting, { protocol: 'emulated' }>['mode'],
  { host, device }: { host: Transport; device: Transport },
  options: PenPadOptions,
): { pad: SignaturePad; peer: EmulatedPadControl } {
  if (mode === 'isdv4') {
    const peer = training.isdv4Pad(device);
    void device.open();
    return { peer, pad: new Isdv4Pad(host, { ...options, stopSettleMs: 10 }) };
  }
  const peer = training.digitizerPad(device);
  return { peer, pad: new HidDigitizerPad(host, peer.descriptor, options) };
}
