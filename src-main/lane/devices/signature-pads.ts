import { EmulatedDigitizerPad } from '../../stand-ins/devices/hid-digitizer-pad';
import { EmulatedIsdv4Pad } from '../../stand-ins/devices/isdv4-pad';
import { HidDigitizerPad } from '../../../drivers/signature-pad/hid-digitizer';
import { Isdv4Pad } from '../../../drivers/signature-pad/isdv4';
import type { PenPadOptions } from '../../../drivers/signature-pad/pen-pad';
import type { SignaturePad, SignatureStrokes } from '../../../drivers/signature-pad/types';
import { createMemoryPair } from '../../../drivers/transport/memory';
import type { Transport } from '../../../drivers/transport/types';
import type { SignaturePadSetting } from '../config/schema';
import type { ConfiguredDevice } from './configured';

/** Training: the emulated pad signs a recorded signature, at `speed` (1 real time). */
export interface EmulatedPadControl {
  sign(signature: SignatureStrokes, options: { speed: number; signal?: AbortSignal }): Promise<void>;
}

/** One configured signature pad, opened or not. */
export interface SignaturePadDevice extends ConfiguredDevice<SignaturePadSetting> {
  readonly pad: SignaturePad;
  readonly emulated?: EmulatedPadControl;
}

/** How a pad's link is opened on this machine (node-hid, serialport); absent where it cannot be. */
export interface SignaturePadEnvironment {
  readonly hid?: (setting: Extract<SignaturePadSetting, { hid: unknown }>) => Transport;
  readonly serial?: (setting: Extract<SignaturePadSetting, { serial: unknown }>) => Transport;
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
      // The real protocol code runs against the emulated pad on the far end of an in-memory link.
      const { host, device } = createMemoryPair(name);
      const { pad, peer } = emulatedPad(setting.mode, host, device, options);
      return {
        setting,
        name,
        transportKind: 'emulated',
        pad,
        emulated: { sign: (signature, replay) => peer.sign(signature, replay) },
        dispose: () => device.close(),
      };
    }
  }
}

/** The pad driver for an emulated pad's mode, on `host`, and the emulated pad it talks to on `device`. */
function emulatedPad(
  mode: Extract<SignaturePadSetting, { protocol: 'emulated' }>['mode'],
  host: Transport,
  device: Transport,
  options: PenPadOptions,
): { pad: SignaturePad; peer: EmulatedPadControl } {
  if (mode === 'isdv4') {
    const peer = new EmulatedIsdv4Pad(device);
    void device.open();
    return { peer, pad: new Isdv4Pad(host, { ...options, stopSettleMs: 10 }) };
  }
  const peer = new EmulatedDigitizerPad(device);
  return { peer, pad: new HidDigitizerPad(host, peer.descriptor, options) };
}
