import { cardReadFromClearSwipe } from './card-read';
import { CardReaderError, malformed } from './errors';
import type { HidDescriptor, HidInputField } from '../transport/hid-descriptor';
import { hidInputLayout, type HidReportPlace, inputReportData, readHidField } from '../transport/hid-input-report';
import { PassiveCardReader, type PassiveReaderOptions } from './passive-reader';
import type { Transport } from '../transport/types';

/** HID Usage Tables, Magnetic Stripe Reader page (0x8E). */
export const posMsrUsagePage = 0x8e;
export const posMsrUsages = {
  deviceReadOnly: 0x01,
  track1Length: 0x11,
  track2Length: 0x12,
  track3Length: 0x13,
  trackJisLength: 0x14,
  trackData: 0x20,
  track1Data: 0x21,
  track2Data: 0x22,
  track3Data: 0x23,
  trackJisData: 0x24,
} as const;

interface TrackFields {
  /** The byte field with the track's characters. */
  readonly data: HidInputField;
  /** How many of them are valid; without it the data runs to the first 0 byte. */
  readonly length: HidInputField | undefined;
}

/** Where tracks 1 and 2 sit in the reader's input report, found from its report descriptor. */
export interface PosMsrLayout extends HidReportPlace {
  readonly track1: TrackFields | undefined;
  readonly track2: TrackFields | undefined;
}

/**
 * The track 1 and 2 fields of a descriptor on page 0x8E, all in one input report. Throws
 * `malformed` when there are none, or when they are not whole 8-bit characters.
 */
export function posMsrLayout(descriptor: Uint8Array | HidDescriptor): PosMsrLayout {
  const input = hidInputLayout(descriptor, malformed);
  const fields = input.fields.filter((field) => field.usagePage === posMsrUsagePage);
  const find = (usage: number) => fields.find((field) => field.usage === usage);
  const data1 = find(posMsrUsages.track1Data);
  const data2 = find(posMsrUsages.track2Data);
  const first = data2 ?? data1;
  if (!first)
    throw malformed('the report descriptor declares no track 1 or track 2 data on the magnetic stripe page (0x8E)');
  const track = (data: typeof data1, lengthUsage: number): TrackFields | undefined => {
    if (!data) return undefined;
    if (data.reportId !== first.reportId) throw malformed('track 1 and track 2 are in different input reports');
    if (data.bitSize !== 8) throw malformed(`track data elements are ${data.bitSize} bits, not 8`);
    const length = find(lengthUsage);
    return { data, length: length && length.reportId === first.reportId ? length : undefined };
  };
  return {
    ...input.place(first.reportId),
    track1: track(data1, posMsrUsages.track1Length),
    track2: track(data2, posMsrUsages.track2Length),
  };
}

/** Whether a report descriptor declares a magnetic stripe reader on page 0x8E with track 1 or 2 data. */
export function supportsPosMsr(descriptor: Uint8Array | HidDescriptor): boolean {
  try {
    posMsrLayout(descriptor);
    return true;
  } catch (error) {
    // A descriptor we cannot read declares nothing we can use; anything else is a bug.
    if (error instanceof CardReaderError) return false;
    throw error;
  }
}

function trackText(data: Uint8Array, fields: TrackFields | undefined, kind: 1 | 2): string {
  if (!fields) return '';
  const { data: field, length } = fields;
  let count = field.count;
  if (length) {
    count = readHidField(data, length);
    if (count > field.count)
      throw malformed(`track ${kind} length ${count} is longer than its ${field.count}-byte field`);
  }
  const start = field.bitOffset / 8;
  let text = '';
  for (let i = 0; i < count; i++) {
    // Byte-aligned fields are read straight from the buffer; others bit by bit.
    const code = field.bitOffset % 8 === 0 ? (data[start + i] ?? 0) : readHidField(data, field, i);
    if (code === 0 && !length) break;
    if (code < 0x20 || code > 0x7e) throw malformed(`track ${kind} has a byte outside printable ASCII`, start + i);
    text += String.fromCharCode(code);
  }
  if (text.length === 0) return '';
  // Readers may or may not pass the sentinels; the gateway wants them.
  const [startSentinel, body] = kind === 1 ? ['%', /^%/] : [';', /^;/];
  return body.test(text) ? text : `${startSentinel}${text}${text.endsWith('?') ? '' : '?'}`;
}

/**
 * Tracks 1 and 2 of one input report as clear swipe text ("%B…?;…?"). The report is as node-hid
 * delivers it: report id first when the descriptor numbers its reports. Returns undefined for a
 * report with another id (the device's other reports). Throws `malformed` for a short report,
 * a length beyond its field, or a non-ASCII character.
 */
export function decodePosMsrReport(report: Uint8Array, layout: PosMsrLayout): string | undefined {
  const data = inputReportData(report, layout, malformed);
  if (data === undefined) return undefined;
  return `${trackText(data, layout.track1, 1)}${trackText(data, layout.track2, 2)}`;
}

/**
 * A swipe reader that reports on the standard HID magnetic stripe page (0x8E). The fields are
 * located from the device's report descriptor, which node-hid 3.4 cannot read from the device:
 * pass the bytes (from `HidTransport.reportDescriptor()` where available, or the model's
 * settings). Each report's buffer is zero-filled once read.
 */
export class HidPosMsrReader extends PassiveCardReader {
  readonly protocol = 'hid-pos-msr';
  readonly #layout: PosMsrLayout;

  /** Throws `malformed` when the descriptor declares no magnetic stripe tracks. */
  constructor(transport: Transport, reportDescriptor: Uint8Array, options: PassiveReaderOptions = {}) {
    const layout = posMsrLayout(reportDescriptor);
    super(transport, options);
    this.#layout = layout;
  }

  protected receive(report: Uint8Array): void {
    try {
      this.deliver(() => {
        const text = decodePosMsrReport(report, this.#layout);
        if (text === undefined) return undefined;
        if (text.length === 0) throw malformed('the swipe carries no track 1 or track 2 data');
        return cardReadFromClearSwipe(text);
      });
    } finally {
      report.fill(0);
    }
  }
}
