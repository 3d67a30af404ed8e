import {
  digitizerUsagePage,
  digitizerUsages,
  genericDesktopPage,
  genericDesktopUsages,
} from '../../../drivers/signature-pad/hid-digitizer';
import type { PadExtent, PenSample, SignatureStrokes } from '../../../drivers/signature-pad/types';
import type { Transport } from '../../../drivers/transport/types';
import { HidDescriptorWriter, hidInputFlags } from './hid-descriptor-writer';
import { penSamples, replaySamples, tapSamples, type ReplayOptions, type ReplayTiming } from './signature-replay';

/**
 * The device side of a pen pad on the HID Digitizers page (0x0D): a Pen application collection
 * with a Stylus, its switches and its axes. The layout is data so tests can vary it (report id,
 * no In Range, no Tip Switch, no pressure) and prove the driver reads the descriptor. Verified
 * against our driver only; real pads publish their own descriptors.
 */
export interface DigitizerPadSpec {
  /** 0 for a descriptor without report ids. */
  readonly reportId: number;
  readonly width: number;
  readonly height: number;
  /** Undefined for a pad without pressure. */
  readonly maxPressure: number | undefined;
  readonly tipSwitch: boolean;
  readonly inRange: boolean;
}

/** A 2000 x 600 pad (about 100 x 30 mm at 20 points/mm) with 1024 pressure levels. */
export const defaultDigitizerPad: DigitizerPadSpec = {
  reportId: 2,
  width: 2000,
  height: 600,
  maxPressure: 1023,
  tipSwitch: true,
  inRange: true,
};

type Field = {
  readonly name: 'tip' | 'barrel' | 'invert' | 'inRange' | 'pad' | 'x' | 'y' | 'pressure';
  readonly bits: number;
};

function fieldsOf(spec: DigitizerPadSpec): Field[] {
  const switches: Field[] = [
    ...(spec.tipSwitch ? [{ name: 'tip', bits: 1 } as const] : []),
    { name: 'barrel', bits: 1 },
    { name: 'invert', bits: 1 },
    ...(spec.inRange ? [{ name: 'inRange', bits: 1 } as const] : []),
  ];
  return [
    ...switches,
    { name: 'pad', bits: 8 - switches.length },
    { name: 'x', bits: 16 },
    { name: 'y', bits: 16 },
    ...(spec.maxPressure !== undefined ? [{ name: 'pressure', bits: 16 } as const] : []),
  ];
}

const switchUsage = {
  tip: digitizerUsages.tipSwitch,
  barrel: digitizerUsages.barrelSwitch,
  invert: digitizerUsages.invert,
  inRange: digitizerUsages.inRange,
} as const;

/** The pad's report descriptor, written item by item as firmware does. */
export function digitizerPadDescriptor(spec: DigitizerPadSpec = defaultDigitizerPad): Uint8Array {
  const writer = new HidDescriptorWriter().application(digitizerUsagePage, digitizerUsages.pen, spec.reportId);
  writer.usage(digitizerUsages.stylus).collection('physical');
  const fields = fieldsOf(spec);
  const switches = fields.filter(
    (field): field is Field & { name: keyof typeof switchUsage } => field.name in switchUsage,
  );
  writer.logicalMinimum(0).logicalMaximum(1).reportSize(1).reportCount(switches.length);
  for (const field of switches) writer.usage(switchUsage[field.name]);
  writer.input(hidInputFlags.variable);
  writer.reportCount(8 - switches.length).input(hidInputFlags.constant);
  writer.usagePage(genericDesktopPage).reportSize(16).reportCount(1);
  writer.logicalMaximum(spec.width).usage(genericDesktopUsages.x).input(hidInputFlags.variable);
  writer.logicalMaximum(spec.height).usage(genericDesktopUsages.y).input(hidInputFlags.variable);
  if (spec.maxPressure !== undefined)
    writer
      .usagePage(digitizerUsagePage)
      .logicalMaximum(spec.maxPressure)
      .usage(digitizerUsages.tipPressure)
      .input(hidInputFlags.variable);
  return writer.endCollection().endCollection().bytes();
}

/** One input report for a pen sample, report id first when the pad numbers its reports. */
export function digitizerPadReport(sample: PenSample, spec: DigitizerPadSpec = defaultDigitizerPad): Uint8Array {
  const fields = fieldsOf(spec);
  const bits = fields.reduce((sum, field) => sum + field.bits, 0);
  const base = spec.reportId !== 0 ? 1 : 0;
  const report = new Uint8Array(base + bits / 8);
  if (base) report[0] = spec.reportId;
  const values: Record<Field['name'], number> = {
    tip: sample.tip ? 1 : 0,
    barrel: 0,
    invert: 0,
    inRange: sample.inRange ? 1 : 0,
    pad: 0,
    x: sample.x,
    y: sample.y,
    pressure: sample.pressure ?? 0,
  };
  let offset = 0;
  for (const field of fields) {
    const value = values[field.name];
    for (let bit = 0; bit < field.bits; bit++) {
      if ((Math.floor(value / 2 ** bit) & 1) === 1) {
        const at = offset + bit;
        report[base + (at >> 3)]! |= 1 << (at & 7);
      }
    }
    offset += field.bits;
  }
  return report;
}

/** The pad on the device end of a link (an in-memory pair): signs recorded signatures. */
export class EmulatedDigitizerPad {
  readonly spec: DigitizerPadSpec;
  readonly descriptor: Uint8Array;
  readonly #transport: Transport;

  constructor(transport: Transport, spec: DigitizerPadSpec = defaultDigitizerPad) {
    this.#transport = transport;
    this.spec = spec;
    this.descriptor = digitizerPadDescriptor(spec);
  }

  get extent(): PadExtent {
    return { width: this.spec.width, height: this.spec.height, maxPressure: this.spec.maxPressure };
  }

  /** Sends one report. */
  async report(sample: PenSample): Promise<void> {
    if (!this.#transport.isOpen) await this.#transport.open();
    await this.#transport.write(digitizerPadReport(sample, this.spec));
  }

  /** Signs: every report of the signature, at `speed` (1 real time, 0 back to back). */
  async sign(signature: SignatureStrokes, options: ReplayOptions & ReplayTiming = {}): Promise<void> {
    await replaySamples(penSamples(signature, this.extent, options), (sample) => this.report(sample), options);
  }

  /** A tap at one point: pen in range, down, up, out of range (a pad button). */
  async tap(x: number, y: number): Promise<void> {
    const pressure = this.spec.maxPressure;
    for (const sample of tapSamples(x, y, pressure === undefined ? undefined : Math.round(pressure / 2)))
      await this.report(sample);
  }
}
