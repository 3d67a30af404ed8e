import { HidDescriptorError, parseHidDescriptor, type HidDescriptor, type HidInputField } from './hid-descriptor';

/**
 * What a HID driver reads from a parsed report descriptor: its input fields, where its input
 * report sits, and the values in each report as node-hid delivers it.
 */

/**
 * A driver's descriptor, given as its bytes or already parsed. A descriptor that breaks the HID
 * rules is thrown as the driver's own `malformed` error, with the offset of the bad item.
 */
export function asHidDescriptor(
  descriptor: Uint8Array | HidDescriptor,
  malformed: (message: string, offset?: number) => Error,
): HidDescriptor {
  if (!(descriptor instanceof Uint8Array)) return descriptor;
  try {
    return parseHidDescriptor(descriptor);
  } catch (error) {
    if (error instanceof HidDescriptorError) throw malformed(`report descriptor: ${error.message}`, error.offset);
    throw error;
  }
}

/** Every input field of a descriptor with its report id, in descriptor order. */
export function inputFields(descriptor: HidDescriptor): (HidInputField & { readonly reportId: number })[] {
  return [...descriptor.inputReports.values()].flatMap((report) =>
    report.fields.map((field) => ({ ...field, reportId: report.reportId })),
  );
}

/**
 * The variable input fields of a driver's descriptor (its bytes, or already parsed), and where
 * each input report sits: what a HID driver builds its layout from. A descriptor that breaks the
 * HID rules is thrown as the driver's own `malformed` error.
 */
export function hidInputLayout(
  descriptor: Uint8Array | HidDescriptor,
  malformed: (message: string, offset?: number) => Error,
): { fields: (HidInputField & { readonly reportId: number })[]; place: (reportId: number) => HidReportPlace } {
  const parsed = asHidDescriptor(descriptor, malformed);
  return {
    fields: inputFields(parsed).filter((field) => field.variable),
    place: (reportId) => ({
      reportId,
      usesReportIds: parsed.usesReportIds,
      reportBytes: Math.ceil((parsed.inputReports.get(reportId)?.bits ?? 0) / 8),
    }),
  };
}

/** Which input report a driver reads, and how long it is. */
export interface HidReportPlace {
  readonly reportId: number;
  /** When true, every report (as node-hid delivers it) starts with its report id byte. */
  readonly usesReportIds: boolean;
  /** Report length in bytes, without the report id. */
  readonly reportBytes: number;
}

/**
 * The data of one input report as node-hid delivers it: the bytes after the report id, where the
 * descriptor numbers its reports. Undefined for a report with another id (the device's other
 * reports); a report shorter than the descriptor says is thrown as `malformed` builds it.
 */
export function inputReportData(
  report: Uint8Array,
  place: HidReportPlace,
  malformed: (message: string) => Error,
): Uint8Array | undefined {
  const base = place.usesReportIds ? 1 : 0;
  if (place.usesReportIds && report[0] !== place.reportId) return undefined;
  if (report.length < base + place.reportBytes)
    throw malformed(`input report is ${report.length} bytes; the descriptor says ${base + place.reportBytes}`);
  return report.subarray(base);
}

/**
 * The unsigned value of element `index` of a field in a report's data (the bytes after the report
 * id). Reads past the end of the data count as 0 bits; callers check the report length first.
 */
export function readHidField(data: Uint8Array, field: HidInputField, index = 0): number {
  const start = field.bitOffset + index * field.bitSize;
  let value = 0;
  for (let bit = field.bitSize - 1; bit >= 0; bit--) {
    const at = start + bit;
    value = value * 2 + (((data[at >> 3] ?? 0) >> (at & 7)) & 1);
  }
  return value;
}
