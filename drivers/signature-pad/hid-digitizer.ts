import type { HidDescriptor, HidInputField } from '../transport/hid-descriptor';
import { hidInputLayout, type HidReportPlace, inputReportData, readHidField } from '../transport/hid-input-report';
import type { Transport } from '../transport/types';
import { PenSignaturePad, type PenPadOptions } from './pen-pad';
import { type PadExtent, type PenSample, SignaturePadError } from './types';

/** HID Usage Tables: the Digitizers page (0x0D) and the two Generic Desktop axes a pen reports. */
export const digitizerUsagePage = 0x0d;
export const digitizerUsages = {
  digitizer: 0x01,
  pen: 0x02,
  touchScreen: 0x04,
  stylus: 0x20,
  tipPressure: 0x30,
  inRange: 0x32,
  invert: 0x3c,
  tipSwitch: 0x42,
  barrelSwitch: 0x44,
  eraser: 0x45,
} as const;
export const genericDesktopPage = 0x01;
export const genericDesktopUsages = { x: 0x30, y: 0x31 } as const;

/** Where a pen's fields sit in its input report, found from the report descriptor. */
export interface DigitizerLayout extends HidReportPlace {
  readonly x: HidInputField;
  readonly y: HidInputField;
  readonly tipSwitch: HidInputField | undefined;
  readonly inRange: HidInputField | undefined;
  readonly pressure: HidInputField | undefined;
  /** Set while the pen is upside down (eraser end): no ink. */
  readonly invert: HidInputField | undefined;
  readonly extent: PadExtent;
}

const malformed = (message: string) => new SignaturePadError('malformed', message);

/**
 * The pen fields of a digitizer's report descriptor: X and Y (Generic Desktop), and Tip Switch,
 * In Range, Tip Pressure and Invert (page 0x0D) where present, all from the input report that
 * carries X. A pad needs X, Y and either a tip switch or pressure. Touch screens that report
 * several contacts give the first contact. Throws `malformed` naming what is missing.
 */
export function digitizerLayout(descriptor: Uint8Array | HidDescriptor): DigitizerLayout {
  const input = hidInputLayout(descriptor, malformed);
  const fields = input.fields;
  const x = fields.find((field) => field.usagePage === genericDesktopPage && field.usage === genericDesktopUsages.x);
  if (!x) throw malformed('the report descriptor declares no X axis (Generic Desktop 0x30)');
  const sameReport = fields.filter((field) => field.reportId === x.reportId);
  const find = (page: number, usage: number) =>
    sameReport.find((field) => field.usagePage === page && field.usage === usage);
  const y = find(genericDesktopPage, genericDesktopUsages.y);
  if (!y) throw malformed(`the report descriptor declares no Y axis (Generic Desktop 0x31) in report ${x.reportId}`);
  const tipSwitch = find(digitizerUsagePage, digitizerUsages.tipSwitch);
  const pressure = find(digitizerUsagePage, digitizerUsages.tipPressure);
  if (!tipSwitch && !pressure)
    throw malformed('the report descriptor declares neither Tip Switch (0x0D 0x42) nor Tip Pressure (0x0D 0x30)');
  const range = (field: HidInputField, name: string) => {
    const span = field.logicalMaximum - field.logicalMinimum;
    if (!(span > 0))
      throw malformed(
        `${name} has no range (logical minimum ${field.logicalMinimum}, maximum ${field.logicalMaximum})`,
      );
    return span;
  };
  return {
    ...input.place(x.reportId),
    x,
    y,
    tipSwitch,
    inRange: find(digitizerUsagePage, digitizerUsages.inRange),
    pressure,
    invert: find(digitizerUsagePage, digitizerUsages.invert),
    extent: {
      width: range(x, 'X'),
      height: range(y, 'Y'),
      maxPressure: pressure ? range(pressure, 'Tip Pressure') : undefined,
    },
  };
}

/** A field's value relative to its logical minimum (sign-extended when the minimum is negative). */
function value(data: Uint8Array, field: HidInputField): number {
  let raw = readHidField(data, field);
  if (field.logicalMinimum < 0 && raw >= 2 ** (field.bitSize - 1)) raw -= 2 ** field.bitSize;
  return raw - field.logicalMinimum;
}

/**
 * One input report (as node-hid delivers it: report id first when the descriptor numbers its
 * reports) as a pen sample; undefined for the device's other reports. Without In Range the pen
 * counts as in range; without Tip Switch, pressure above zero is the tip touching.
 */
export function decodeDigitizerReport(report: Uint8Array, layout: DigitizerLayout): PenSample | undefined {
  const data = inputReportData(report, layout, malformed);
  if (data === undefined) return undefined;
  const pressure = layout.pressure ? value(data, layout.pressure) : undefined;
  const inverted = layout.invert ? readHidField(data, layout.invert) !== 0 : false;
  const tip = (layout.tipSwitch ? readHidField(data, layout.tipSwitch) !== 0 : (pressure ?? 0) > 0) && !inverted;
  return {
    x: value(data, layout.x),
    y: value(data, layout.y),
    tip,
    inRange: layout.inRange ? readHidField(data, layout.inRange) !== 0 : true,
    pressure,
  };
}

/**
 * A signature pad that reports as a HID digitizer (usage page 0x0D), e.g. a pen pad in its
 * standard HID mode. The report layout comes from its report descriptor, which node-hid 3.4
 * cannot read from the device: the lane's settings carry it.
 */
export class HidDigitizerPad extends PenSignaturePad {
  readonly protocol = 'hid-digitizer';
  readonly #layout: DigitizerLayout;

  /** Throws `malformed` when the descriptor has no pen. */
  constructor(transport: Transport, reportDescriptor: Uint8Array, options: PenPadOptions = {}) {
    const layout = digitizerLayout(reportDescriptor);
    super(transport, options);
    this.#layout = layout;
    this.setExtent(layout.extent);
  }

  protected receive(report: Uint8Array): void {
    let sample: PenSample | undefined;
    try {
      sample = decodeDigitizerReport(report, this.#layout);
    } catch (error) {
      this.fault(error as Error);
      return;
    }
    if (sample) this.pen(sample);
  }
}
