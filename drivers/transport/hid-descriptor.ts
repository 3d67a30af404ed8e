import { KindedError } from '../../src-main/platform/errors';
/**
 * A HID report descriptor (Device Class Definition for HID 1.11, section 6.2.2), read far
 * enough to find where each input field sits in an input report. Readers locate their fields
 * from this, never from hard-coded offsets, so a firmware that reorders its report still works.
 */

/** One input field: `count` elements of `bitSize` bits starting at `bitOffset`. */
export interface HidInputField {
  readonly usagePage: number;
  /** Variable field: the usage of every element. Array field: the lowest usage it can report. */
  readonly usage: number;
  /** Array field: the highest usage it can report. Variable field: equals `usage`. */
  readonly usageMaximum: number;
  /** From the first byte after the report id (HID bit order: least significant bit first). */
  readonly bitOffset: number;
  readonly bitSize: number;
  readonly count: number;
  /** True for a Variable item (each element is a value), false for an Array item (each element is a usage index). */
  readonly variable: boolean;
  /** The Buffered Bytes flag (bit 8): the elements are a byte stream, e.g. track data. */
  readonly bufferedBytes: boolean;
  readonly logicalMinimum: number;
  readonly logicalMaximum: number;
}

/** The input report with one report id (0 when the descriptor declares no report ids). */
export interface HidInputReport {
  readonly reportId: number;
  /** Report length in bits, without the report id byte. */
  readonly bits: number;
  /** Data fields in report order; constant (padding) items only move the offset. */
  readonly fields: readonly HidInputField[];
}

export interface HidDescriptor {
  /** When true, every report (as node-hid delivers it) starts with its report id byte. */
  readonly usesReportIds: boolean;
  /** Top-level application collections, e.g. { usagePage: 0x01, usage: 0x06 } for a keyboard. */
  readonly applications: readonly { readonly usagePage: number; readonly usage: number }[];
  readonly inputReports: ReadonlyMap<number, HidInputReport>;
}

/** A report descriptor that does not follow the HID rules, with the byte offset of the bad item where known. */
export class HidDescriptorError extends KindedError<'malformed'> {
  readonly offset: number | undefined;

  constructor(message: string, offset?: number) {
    super('malformed', message);
    this.name = 'HidDescriptorError';
    this.offset = offset;
  }
}

const malformed = (message: string, offset?: number) => new HidDescriptorError(message, offset);

/** Caps that keep the work on any input bounded, far above what real descriptors use. */
export const hidDescriptorLimits = {
  maxBytes: 65_535,
  maxCollectionDepth: 32,
  maxPushDepth: 16,
  maxLocalUsages: 1024,
  maxFields: 4096,
  /** Bits of one report; Linux refuses reports over 16 KiB too. */
  maxReportBits: 16_384 * 8,
} as const;

interface GlobalState {
  usagePage: number;
  logicalMinimum: number;
  logicalMaximumRaw: number;
  logicalMaximumSize: number;
  reportSize: number;
  reportId: number;
  reportCount: number;
}

/** A usage as declared: page and id, or a range of them. */
interface LocalUsage {
  readonly page: number;
  readonly first: number;
  readonly last: number;
}

const mainInput = 0x8;
const mainOutput = 0x9;
const mainFeature = 0xb;
const mainCollection = 0xa;
const mainEndCollection = 0xc;

function unsigned(data: Uint8Array, start: number, size: number): number {
  let value = 0;
  for (let i = size - 1; i >= 0; i--) value = value * 256 + (data[start + i] ?? 0);
  return value;
}

function signed(raw: number, size: number): number {
  if (size === 0) return 0;
  const bits = size * 8;
  return raw >= 2 ** (bits - 1) ? raw - 2 ** bits : raw;
}

/**
 * Parses a report descriptor. Long items and tags this reader has no use for are skipped. A 1-
 * or 2-byte usage takes the Usage Page in effect where it appears; a 4-byte usage carries its
 * own page in the high 16 bits. Throws `HidDescriptorError` (with the item's offset) for a truncated
 * item, Pop without Push, End Collection without Collection, a report id of 0, and anything
 * beyond `hidDescriptorLimits`. Work is linear in the descriptor's length.
 */
export function parseHidDescriptor(descriptor: Uint8Array): HidDescriptor {
  if (descriptor.length > hidDescriptorLimits.maxBytes)
    throw malformed(`report descriptor is ${descriptor.length} bytes (at most ${hidDescriptorLimits.maxBytes})`);
  let global: GlobalState = {
    usagePage: 0,
    logicalMinimum: 0,
    logicalMaximumRaw: 0,
    logicalMaximumSize: 0,
    reportSize: 0,
    reportId: 0,
    reportCount: 0,
  };
  const stack: GlobalState[] = [];
  let locals: LocalUsage[] = [];
  let usageMinimum: { page: number; id: number } | undefined;
  let usageMaximum: { page: number; id: number } | undefined;
  let depth = 0;
  let usesReportIds = false;
  let fieldCount = 0;
  const applications: { usagePage: number; usage: number }[] = [];
  const reports = new Map<number, { bits: number; fields: HidInputField[] }>();

  const clearLocals = () => {
    locals = [];
    usageMinimum = undefined;
    usageMaximum = undefined;
  };

  const addLocal = (usage: LocalUsage, offset: number) => {
    if (locals.length >= hidDescriptorLimits.maxLocalUsages)
      throw malformed(`more than ${hidDescriptorLimits.maxLocalUsages} usages before one main item`, offset);
    locals.push(usage);
  };

  /** Usage Minimum/Maximum become one range once both are known. */
  const closeRange = (offset: number, final = false) => {
    const lone = usageMinimum ?? usageMaximum;
    if (final && lone && !(usageMinimum && usageMaximum)) {
      // A lone Usage Minimum or Maximum at the main item: take it as one usage.
      usageMinimum = lone;
      usageMaximum = lone;
    }
    if (!usageMinimum || !usageMaximum) return;
    if (usageMinimum.page !== usageMaximum.page)
      throw malformed('usage minimum and maximum are on different usage pages', offset);
    if (usageMinimum.id > usageMaximum.id) throw malformed('usage minimum is above usage maximum', offset);
    addLocal({ page: usageMinimum.page, first: usageMinimum.id, last: usageMaximum.id }, offset);
    usageMinimum = undefined;
    usageMaximum = undefined;
  };

  const input = (flags: number, offset: number) => {
    const report = reports.get(global.reportId) ?? { bits: 0, fields: [] };
    reports.set(global.reportId, report);
    const { reportSize: bitSize, reportCount: count } = global;
    const start = report.bits;
    report.bits += bitSize * count;
    if (report.bits > hidDescriptorLimits.maxReportBits)
      throw malformed(
        `input report ${global.reportId} is longer than ${hidDescriptorLimits.maxReportBits / 8} bytes`,
        offset,
      );
    const constant = (flags & 0x01) !== 0;
    if (constant || bitSize === 0 || count === 0) return;
    const variable = (flags & 0x02) !== 0;
    const bufferedBytes = (flags & 0x100) !== 0;
    const logicalMinimum = global.logicalMinimum;
    const logicalMaximum =
      logicalMinimum < 0 ? signed(global.logicalMaximumRaw, global.logicalMaximumSize) : global.logicalMaximumRaw;
    const push = (
      field: Omit<HidInputField, 'bitSize' | 'variable' | 'bufferedBytes' | 'logicalMinimum' | 'logicalMaximum'>,
    ) => {
      if (++fieldCount > hidDescriptorLimits.maxFields)
        throw malformed(`more than ${hidDescriptorLimits.maxFields} input fields`, offset);
      report.fields.push({ ...field, bitSize, variable, bufferedBytes, logicalMinimum, logicalMaximum });
    };
    if (!variable) {
      const first = locals[0];
      const last = locals.at(-1);
      push({
        usagePage: first?.page ?? global.usagePage,
        usage: first?.first ?? 0,
        usageMaximum: last?.last ?? 0,
        bitOffset: start,
        count,
      });
      return;
    }
    // Variable items: element i takes the i-th usage (ranges expanded in order); when the usages
    // run out, the last one applies to the rest. Runs of one usage stay one field.
    let element = 0;
    let lastUsage: { page: number; id: number } = { page: global.usagePage, id: 0 };
    for (const local of locals) {
      for (let id = local.first; id <= local.last && element < count; id++, element++) {
        lastUsage = { page: local.page, id };
        push({ usagePage: local.page, usage: id, usageMaximum: id, bitOffset: start + element * bitSize, count: 1 });
      }
      if (element >= count) break;
    }
    if (element < count) {
      const previous = report.fields.at(-1);
      if (previous && element > 0 && previous.usage === lastUsage.id && previous.usagePage === lastUsage.page) {
        report.fields[report.fields.length - 1] = { ...previous, count: previous.count + count - element };
      } else {
        push({
          usagePage: lastUsage.page,
          usage: lastUsage.id,
          usageMaximum: lastUsage.id,
          bitOffset: start + element * bitSize,
          count: count - element,
        });
      }
    }
  };

  let offset = 0;
  while (offset < descriptor.length) {
    const itemOffset = offset;
    const prefix = descriptor[offset] ?? 0;
    if (prefix === 0xfe) {
      // Long item: bDataSize, bLongItemTag, data. No long item tags are defined; skip it.
      const dataSize = descriptor[offset + 1];
      if (dataSize === undefined || offset + 3 + dataSize > descriptor.length)
        throw malformed('long item runs past the end of the descriptor', itemOffset);
      offset += 3 + dataSize;
      continue;
    }
    const size = [0, 1, 2, 4][prefix & 0x03] ?? 0;
    const type = (prefix >> 2) & 0x03;
    const tag = prefix >> 4;
    if (offset + 1 + size > descriptor.length) throw malformed('item runs past the end of the descriptor', itemOffset);
    const raw = unsigned(descriptor, offset + 1, size);
    offset += 1 + size;

    if (type === 0) {
      switch (tag) {
        case mainInput:
          closeRange(itemOffset, true);
          input(raw, itemOffset);
          break;
        case mainOutput:
        case mainFeature:
          break;
        case mainCollection: {
          if (++depth > hidDescriptorLimits.maxCollectionDepth)
            throw malformed(`collections nest deeper than ${hidDescriptorLimits.maxCollectionDepth}`, itemOffset);
          const first = locals[0];
          if (depth === 1 && (raw & 0xff) === 0x01)
            applications.push({ usagePage: first?.page ?? global.usagePage, usage: first?.first ?? 0 });
          break;
        }
        case mainEndCollection:
          if (depth === 0) throw malformed('End Collection without Collection', itemOffset);
          depth--;
          break;
        default:
          break;
      }
      clearLocals();
    } else if (type === 1) {
      switch (tag) {
        case 0x0:
          global.usagePage = raw & 0xffff;
          break;
        case 0x1:
          global.logicalMinimum = signed(raw, size);
          break;
        case 0x2:
          global.logicalMaximumRaw = raw;
          global.logicalMaximumSize = size;
          break;
        case 0x7:
          global.reportSize = raw;
          if (raw > 32 * 8) throw malformed(`report size ${raw} bits is larger than any field`, itemOffset);
          break;
        case 0x8:
          if (raw === 0 || raw > 0xff) throw malformed(`report id ${raw} is out of range (1-255)`, itemOffset);
          global.reportId = raw;
          usesReportIds = true;
          break;
        case 0x9:
          global.reportCount = raw;
          if (raw > hidDescriptorLimits.maxReportBits)
            throw malformed(`report count ${raw} is larger than any report`, itemOffset);
          break;
        case 0xa:
          if (stack.length >= hidDescriptorLimits.maxPushDepth)
            throw malformed(`Push nests deeper than ${hidDescriptorLimits.maxPushDepth}`, itemOffset);
          stack.push({ ...global });
          break;
        case 0xb: {
          const saved = stack.pop();
          if (!saved) throw malformed('Pop without Push', itemOffset);
          global = saved;
          break;
        }
        default:
          break;
      }
    } else if (type === 2) {
      // A 4-byte usage is extended: usage page in the high 16 bits.
      const page = size === 4 ? Math.floor(raw / 0x10000) : global.usagePage;
      const id = size === 4 ? raw & 0xffff : raw;
      switch (tag) {
        case 0x0:
          addLocal({ page, first: id, last: id }, itemOffset);
          break;
        case 0x1:
          usageMinimum = { page, id };
          closeRange(itemOffset);
          break;
        case 0x2:
          usageMaximum = { page, id };
          closeRange(itemOffset);
          break;
        default:
          break;
      }
    }
    // Type 3 with a prefix other than 0xFE is reserved; its data was skipped above.
  }

  const inputReports = new Map<number, HidInputReport>();
  for (const [reportId, { bits, fields }] of reports) inputReports.set(reportId, { reportId, bits, fields });
  return { usesReportIds, applications, inputReports };
}
