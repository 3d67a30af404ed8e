import { HidDescriptorWriter, hidInputFlags } from './hid-descriptor-writer';

/**
 * The device side of a MagTek-style unencrypted USB HID swipe reader: one input report per
 * swipe, laid out as the MagTek "USB HID Swipe Reader" technical reference manual describes it
 * (see drivers/card-reader/README.md for the source and what was checked).
 */

/** Track data field size of the USB HID swipe reader; other models use 112. */
export const magtekDefaultTrackFieldSize = 110;

export interface MagtekSwipe {
  /** Clear tracks, sentinels included, as the reader decodes them to ASCII. */
  readonly track1?: string;
  readonly track2?: string;
  readonly track3?: string;
  /** Decode status bytes for tracks 1-3 (bit 0 set: the track could not be decoded). Default all 0. */
  readonly status?: readonly [number, number, number];
  /** Card encode type (0 ISO/ABA, 1 AAMVA, 2 CADL, 3 blank, 4 other, 5 undetermined, 6 none). Default 0. */
  readonly encodeType?: number;
}

/**
 * The exact input report bytes for one swipe (no report id: the reader's descriptor declares
 * none). A track whose status has the error bit gets length 0 and no data, as the manual says.
 */
export function magtekHidReport(swipe: MagtekSwipe, trackFieldSize = magtekDefaultTrackFieldSize): Uint8Array {
  const status = swipe.status ?? [0, 0, 0];
  const tracks = [swipe.track1, swipe.track2, swipe.track3];
  const report = new Uint8Array(7 + 3 * trackFieldSize);
  tracks.forEach((track, i) => {
    const failed = ((status[i] ?? 0) & 0x01) !== 0;
    const text = failed ? '' : (track ?? '');
    if (text.length > trackFieldSize)
      throw new Error(`track ${i + 1} is ${text.length} characters; the field holds ${trackFieldSize}`);
    report[i] = status[i] ?? 0;
    report[3 + i] = text.length;
    for (let c = 0; c < text.length; c++) report[7 + i * trackFieldSize + c] = text.charCodeAt(c) & 0x7f;
  });
  report[6] = swipe.encodeType ?? 0;
  return report;
}

/** The reader's report descriptor: vendor page 0xFF00, seven status/length/type bytes, three track fields. */
export function magtekHidReportDescriptor(trackFieldSize = magtekDefaultTrackFieldSize): Uint8Array {
  const writer = new HidDescriptorWriter()
    .usagePage(0xff00)
    .usage(0x01)
    .collection('application')
    .logicalMinimum(0)
    .logicalMaximum(255)
    .reportSize(8);
  for (const usage of [0x20, 0x21, 0x22, 0x28, 0x29, 0x2a, 0x38]) writer.usage(usage);
  writer.reportCount(7).input(hidInputFlags.variable);
  for (const usage of [0x30, 0x31, 0x32])
    writer
      .usage(usage)
      .reportCount(trackFieldSize)
      .input(hidInputFlags.variable | hidInputFlags.bufferedBytes);
  // The command message feature report, 24 bytes.
  writer
    .usage(0x20)
    .reportCount(24)
    .feature(hidInputFlags.variable | hidInputFlags.bufferedBytes);
  return writer.endCollection().bytes();
}
