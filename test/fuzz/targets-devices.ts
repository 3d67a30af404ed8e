import { magtekHidReportDescriptor } from '../../src-main/stand-ins/devices/magtek-hid-reader';
import { EscPosInterpreter, realtimeStatusByte } from '../../src-main/stand-ins/devices/escpos-printer';
import {
  defaultDigitizerPad,
  digitizerPadDescriptor,
  digitizerPadReport,
} from '../../src-main/stand-ins/devices/hid-digitizer-pad';
import { posMsrReportDescriptor } from '../../src-main/stand-ins/devices/hid-pos-msr-reader';
import {
  defaultIsdv4Pad,
  encodeIsdv4PenPacket,
  encodeIsdv4QueryReply,
} from '../../src-main/stand-ins/devices/isdv4-pad';
import { isStatusByte, parseRealtimeStatus } from '../../drivers/printer/status';
import { decodeDigitizerReport, digitizerLayout } from '../../drivers/signature-pad/hid-digitizer';
import { isdv4, Isdv4Framer, parseIsdv4PenPacket, parseIsdv4QueryReply } from '../../drivers/signature-pad/isdv4';
import { SignaturePadError } from '../../drivers/signature-pad/types';
import { HidDescriptorError, parseHidDescriptor } from '../../drivers/transport/hid-descriptor';
import { inputFields, readHidField } from '../../drivers/transport/hid-input-report';
import { encodeReceipt } from '../../src-main/lane/receipt/escpos';
import { buildReceipt } from '../../src-main/lane/receipt/model';
import { loadPrinterProfiles } from '../../src-main/lane/receipt/profiles';
import { fullEmvSale } from '../support/receipts';
import type { FuzzTarget } from './runner';
import { chunksOf, concat } from './samples';

const isPadError = (error: unknown) => error instanceof SignaturePadError;
const stroke = Array.from({ length: 12 }, (_, i) => ({
  x: 100 + i * 37,
  y: 300 - i * 11,
  tip: i > 0 && i < 11,
  inRange: true,
  pressure: i * 80,
}));
const isdv4Stream = concat([
  encodeIsdv4QueryReply(defaultIsdv4Pad),
  ...stroke.map((sample) =>
    encodeIsdv4PenPacket({ ...sample, proximity: sample.inRange, side: false, side2: false, tiltX: 0, tiltY: 0 }),
  ),
]);
const digitizer = digitizerLayout(digitizerPadDescriptor());
const descriptors = [
  digitizerPadDescriptor(),
  digitizerPadDescriptor({ ...defaultDigitizerPad, reportId: 0, tipSwitch: false }),
  posMsrReportDescriptor(),
  magtekHidReportDescriptor(),
];
const profile = loadPrinterProfiles('assets/printers').get('escpos-58mm')!;
const printedAt = new Date(Date.UTC(2026, 10, 22, 12));
const receiptBytes = (['merchant', 'customer'] as const).map((copy) =>
  encodeReceipt(
    buildReceipt(fullEmvSale(), { copy, training: true, duplicate: false, printedAt, columns: profile.columns }),
    profile,
  ),
);

/** The signature-pad, HID and printer parsers. */
export const deviceTargets: FuzzTarget[] = [
  {
    name: 'signature-pad/isdv4 (serial packets, any chunking)',
    seeds: [isdv4Stream],
    isTyped: isPadError,
    run: (input) => {
      const framer = new Isdv4Framer();
      for (const chunk of chunksOf(input)) {
        for (const packet of framer.push(chunk)) {
          if (packet.kind === 'pen') parseIsdv4PenPacket(packet.bytes);
          else parseIsdv4QueryReply(packet.bytes);
        }
      }
      // Any packet, framed or not, is refused by name when it is not one.
      if ((input[0] ?? 0) & isdv4.controlBit) parseIsdv4QueryReply(input.subarray(0, isdv4.controlPacketLength));
      else parseIsdv4PenPacket(input.subarray(0, isdv4.penPacketLength));
    },
  },
  {
    name: 'signature-pad/hid-digitizer report',
    seeds: stroke.map((sample) => digitizerPadReport(sample)),
    isTyped: isPadError,
    maxLength: 64,
    run: (input) => decodeDigitizerReport(input, digitizer),
  },
  {
    name: 'signature-pad/hid-digitizer descriptor + report',
    seeds: descriptors.slice(0, 2),
    isTyped: isPadError,
    run: (input) => {
      const layout = digitizerLayout(input);
      return decodeDigitizerReport(digitizerPadReport(stroke[3]!), layout);
    },
  },
  {
    name: 'transport/hid-descriptor (report descriptors)',
    seeds: descriptors,
    isTyped: (error) => error instanceof HidDescriptorError,
    run: (input) => {
      const parsed = parseHidDescriptor(input);
      const report = new Uint8Array(64).fill(0xa5);
      for (const field of inputFields(parsed).slice(0, 64)) readHidField(report, field, field.count - 1);
    },
  },
  {
    name: 'emulated/escpos-printer (the printer interpreter)',
    seeds: [
      ...receiptBytes,
      // Every command the interpreter knows, with small arguments: feeds, sizes, a raster, status, cuts.
      Uint8Array.of(
        0x1b,
        0x40,
        0x1b,
        0x74,
        0x00,
        0x1b,
        0x21,
        0x38,
        0x41,
        0x0a,
        0x1d,
        0x21,
        0x11,
        0x42,
        0x0a,
        0x1b,
        0x64,
        0x03,
        0x1b,
        0x4a,
        0x30,
        0x1d,
        0x76,
        0x30,
        0x00,
        0x02,
        0x00,
        0x02,
        0x00,
        0xff,
        0x00,
        0x0f,
        0xf0,
        0x10,
        0x04,
        0x01,
        0x1d,
        0x28,
        0x4b,
        0x02,
        0x00,
        0x30,
        0x31,
        0x1c,
        0x2e,
        0x1d,
        0x56,
        0x41,
        0x10,
      ),
    ],
    // The interpreter refuses nothing: unknown commands are listed, never thrown.
    isTyped: () => false,
    // Bytes become dots: a few bytes can print a metre of paper (ESC d 255, then a character at
    // its foot), and the page image costs what the paper does. The bound is on that work: 1 KB
    // of input, 2 s.
    maxLength: 1024,
    hangMs: 2000,
    weight: 0.25,
    run: (input) => {
      const printer = new EscPosInterpreter({
        dotsPerLine: profile.dotsPerLine,
        codepages: profile.codepages,
        reply: (bytes) => bytes.forEach((byte) => isStatusByte(byte)),
      });
      for (const chunk of chunksOf(input)) printer.push(chunk);
      printer.current();
      return printer.pages.length;
    },
  },
  {
    name: 'printer/status (DLE EOT replies)',
    seeds: [
      Uint8Array.of(
        realtimeStatusByte(1, { online: true, coverOpen: false, paperEnd: false, paperNearEnd: false }),
        realtimeStatusByte(2, { online: true, coverOpen: true, paperEnd: false, paperNearEnd: false }),
        realtimeStatusByte(4, { online: true, coverOpen: false, paperEnd: true, paperNearEnd: true }),
      ),
    ],
    // The parser names the reply that is not a status byte in a plain Error.
    isTyped: (error) => error instanceof Error && /is not a DLE EOT answer$/.test(error.message),
    maxLength: 3,
    run: (input) => parseRealtimeStatus(input[0] ?? 0, input[1] ?? 0, input[2] ?? 0),
  },
];
