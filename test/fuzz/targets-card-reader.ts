import { cardReadFromClearSwipe } from '../../drivers/card-reader/card-read';
import { cardReadFromEmvTlv, cardReadFromQuickChip } from '../../drivers/card-reader/emv-record';
import { CardReaderError } from '../../drivers/card-reader/errors';
import { decodePosMsrReport, posMsrLayout } from '../../drivers/card-reader/hid-pos-msr';
import { keyboardForm, RecordFramer, toHidReports } from '../../drivers/card-reader/idtech-hid';
import {
  cardReadFromEnhancedSwipe,
  parseEnhancedSwipeBinary,
  parseEnhancedSwipeText,
} from '../../drivers/card-reader/idtech-swipe';
import { decodeMagtekReport } from '../../drivers/card-reader/magtek-hid';
import { parseReaderOutput } from '../../drivers/card-reader/reader-output';
import { findTlv, parseTlv } from '../../drivers/card-reader/tlv';
import { parseSwipe } from '../../drivers/card-reader/track';
import { encodeFrame, FrameDecoder } from '../../drivers/card-reader/vivotech2';
import { EmulatedEncryptingReader, clearTracks } from '../../src-main/stand-ins/devices/encrypting-reader';
import {
  posMsrLayoutOf,
  posMsrReport,
  posMsrReportDescriptor,
} from '../../src-main/stand-ins/devices/hid-pos-msr-reader';
import { magtekHidReport } from '../../src-main/stand-ins/devices/magtek-hid-reader';
import type { FuzzTarget } from './runner';
import { asLatin1, chunksOf, concat, deck, encryptingReader, latin1 } from './samples';

const isCardReaderError = (error: unknown) => error instanceof CardReaderError;
const swipeCards = deck.filter((card) => card.methods.includes('swipe'));
const chipRecords = deck
  .filter((card) => card.chip === 'ok')
  .flatMap((card) => [
    encryptingReader.chipRecord(card, 1500),
    encryptingReader.chipRecord(card, 999_999, 'contactless'),
  ]);
const swipeTexts = swipeCards.map((card) => encryptingReader.swipe(card));
const swipeRecords = swipeCards.map((card) => encryptingReader.swipeBinary(card));
const clearSwipes = deck.flatMap((card) => [
  EmulatedEncryptingReader.clearSwipe(card),
  EmulatedEncryptingReader.clearSwipe(card, true),
]);
const posMsrLayoutOfDefault = posMsrLayout(posMsrReportDescriptor());
/** The most records a framer may hold back: one record of the family's largest size plus its envelope. */
const framerBound = 4096 + 6;

/** The card-reader parsers: every format a reader's bytes arrive in. */
export const cardReaderTargets: FuzzTarget[] = [
  {
    name: 'card-reader/tlv (BER-TLV chip records)',
    seeds: chipRecords,
    isTyped: isCardReaderError,
    run: (input) => findTlv(parseTlv(input), '5A'),
  },
  {
    name: 'card-reader/emv-record (quick-chip record to CardRead)',
    seeds: chipRecords,
    isTyped: isCardReaderError,
    run: (input) => {
      cardReadFromQuickChip(Buffer.from(input).toString('hex'));
      return cardReadFromEmvTlv(parseTlv(input), { track: 'fuzz' });
    },
  },
  {
    name: 'card-reader/track (clear track 1 and 2 text)',
    seeds: clearSwipes.map(latin1),
    isTyped: isCardReaderError,
    maxLength: 256,
    run: (input) => {
      parseSwipe(asLatin1(input));
      return cardReadFromClearSwipe(asLatin1(input));
    },
  },
  {
    name: 'card-reader/reader-output (a keyboard reader line)',
    seeds: [
      ...clearSwipes,
      ...swipeTexts,
      ...chipRecords.map((record) => Buffer.from(record).toString('hex').toUpperCase()),
    ].map(latin1),
    isTyped: isCardReaderError,
    run: (input) => parseReaderOutput(asLatin1(input)),
  },
  {
    name: 'card-reader/idtech-swipe text (encrypted swipe record, keyboard form)',
    seeds: swipeTexts.map(latin1),
    isTyped: isCardReaderError,
    run: (input) => {
      parseEnhancedSwipeText(asLatin1(input));
      return cardReadFromEnhancedSwipe(asLatin1(input));
    },
  },
  {
    name: 'card-reader/idtech-swipe binary (encrypted swipe record, HID form)',
    seeds: swipeRecords,
    isTyped: isCardReaderError,
    run: (input) => parseEnhancedSwipeBinary(input),
  },
  {
    name: 'card-reader/idtech-hid (records framed from HID reports)',
    // A swipe record arrives whole (its own envelope); a chip record in the family's envelope.
    seeds: [
      ...swipeRecords.map((record) => concat(toHidReports(record, { envelope: false }))),
      concat(toHidReports(chipRecords[0] ?? new Uint8Array(0))),
    ],
    isTyped: isCardReaderError,
    maxLength: 8192,
    run: (input) => {
      const framer = new RecordFramer();
      for (const chunk of chunksOf(input)) {
        // As IdtechHidReader reads a record: its keyboard form, then the reader-output parser.
        for (const record of framer.push(chunk)) parseReaderOutput(keyboardForm(record));
        if (framer.pending > framerBound)
          throw new Error(`the framer holds ${framer.pending} bytes (bound ${framerBound})`);
      }
    },
  },
  {
    name: 'card-reader/vivotech2 frames (serial stream, both directions)',
    seeds: [
      ...chipRecords.slice(0, 6).map((record) => encodeFrame('response', { command: 0x02, code: 0x00, data: record })),
      encodeFrame('command', { command: 0x02, code: 0x40, data: Uint8Array.of(0x9f, 0x02, 0x06, 0, 0, 0, 0, 0x15, 0) }),
      concat([
        encodeFrame('response', { command: 0x02, code: 0x23, data: new Uint8Array(0) }),
        encodeFrame('response', { command: 0x18, code: 0x00, data: new Uint8Array(0) }),
      ]),
    ],
    isTyped: isCardReaderError,
    maxLength: 8192,
    run: (input) => {
      for (const direction of ['response', 'command'] as const) {
        const decoder = new FrameDecoder(direction);
        for (const chunk of chunksOf(input)) {
          // Frame errors are reported, not thrown: the decoder must keep going.
          for (const frame of decoder.push(chunk).frames) if (frame.data.length > 0) parseTlv(frame.data);
        }
      }
    },
  },
  {
    name: 'card-reader/vivotech2 frame data (behind a good CRC)',
    // Command and code bytes, then the data: mutations of the data still reach the TLV inside.
    seeds: chipRecords.slice(0, 6).map((record) => concat([Uint8Array.of(0x02, 0x00), record])),
    isTyped: isCardReaderError,
    run: (input) => {
      const wrapped = encodeFrame('response', {
        command: input[0] ?? 0,
        code: input[1] ?? 0,
        data: input.subarray(2, 2 + 4096),
      });
      const frames = new FrameDecoder('response').push(wrapped).frames;
      if (frames.length !== 1) throw new Error(`a frame with a good CRC came out as ${frames.length} frames`);
      const data = frames[0]!.data;
      return data.length > 0 ? cardReadFromEmvTlv(parseTlv(data), { track: 'fuzz' }) : undefined;
    },
  },
  {
    name: 'card-reader/hid-pos-msr report (HID magnetic stripe page)',
    seeds: swipeCards.map((card) => posMsrReport(clearTracks(card))),
    isTyped: isCardReaderError,
    run: (input) => decodePosMsrReport(input, posMsrLayoutOfDefault),
  },
  {
    name: 'card-reader/hid-pos-msr descriptor + report (layout from the descriptor)',
    seeds: [posMsrReportDescriptor(), posMsrReportDescriptor(posMsrLayoutOf(2, 'length1 length2 track1:79 track2:40'))],
    isTyped: isCardReaderError,
    run: (input) => {
      const layout = posMsrLayout(input);
      return decodePosMsrReport(posMsrReport(clearTracks(deck[0]!)), layout);
    },
  },
  {
    name: 'card-reader/magtek-hid (unencrypted HID swipe report)',
    seeds: swipeCards.map((card) => magtekHidReport(clearTracks(card))),
    isTyped: isCardReaderError,
    run: (input) => decodeMagtekReport(input),
  },
];
