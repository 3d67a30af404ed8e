/**
 * The device lists of the settings (`devices`, `printers`, `signaturePads`): each entry's shape
 * by protocol or link. Split from schema.ts, which assembles them with the other sections.
 */
import { z } from 'zod';
import { integerFrom, serialPortWith } from './schema-parts';
const deviceId = z
  .string({ error: 'expected an id of letters, digits and dashes' })
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { error: 'expected 1 to 32 lower-case letters, digits or dashes' })
  .describe('The device\u2019s id, unique among all devices: 1 to 32 lower-case letters, digits or dashes.');
const hexId = z
  .string()
  .regex(/^(0x)?[0-9A-Fa-f]{1,4}$/, { error: 'expected a USB id in hex, e.g. "0acd"' })
  .transform((value) => parseInt(value.replace(/^0x/, ''), 16));
const hidSelector = z
  .union([z.strictObject({ vendorId: hexId, productId: hexId }), z.strictObject({ path: z.string().min(1) })], {
    error: 'expected { vendorId, productId } or { path }',
  })
  .describe('Which HID device: its USB vendor and product id in hex (`"0acd"`), or its OS path (`/dev/hidraw3`).');
const serialPort = serialPortWith(19200);
const reportDescriptor = z
  .string({ error: 'expected the report descriptor in hex' })
  .regex(/^([0-9A-Fa-f]{2})+$/, { error: 'expected the report descriptor in hex, two digits a byte' })
  .max(8192)
  .describe(
    'The device\u2019s HID report descriptor in hex, two digits a byte (node-hid cannot read it from the device).',
  );
const deviceName = z.string().min(1).max(40).optional().describe('A name for the status bar and the Devices screen.');
const kindOf = <K extends string>(kind: K) =>
  z.literal(kind).default(kind).describe('The kind of device; filled in when left out.');
const readerCommon = {
  id: deviceId,
  kind: kindOf('card-reader'),
  name: deviceName,
  chipFailuresBeforeFallback: integerFrom(0, 5)
    .default(1)
    .describe('How many failed inserts let a chip card be swiped instead (0: never).'),
};

/**
 * A card reader and how it is connected. Protocols: `keyboard` (an encrypting reader in USB
 * keyboard mode, fed by the shell's keystrokes), `idtech-hid` (the same family in HID mode),
 * `magtek-hid` (a legacy unencrypted HID swipe reader), `hid-pos-msr` (a reader declaring the HID
 * magnetic stripe usage page), `vivotech2` (an ID TECH NEO serial EMV reader), `pae` (an
 * unattended payment device that reads the card and authorizes by itself, drivers/unattended/),
 * and `emulated` (training only).
 */
export const cardReaderSettingSchema = z.discriminatedUnion(
  'protocol',
  [
    z.strictObject({ ...readerCommon, protocol: z.literal('keyboard') }),
    z.strictObject({ ...readerCommon, protocol: z.literal('idtech-hid'), hid: hidSelector }),
    z.strictObject({ ...readerCommon, protocol: z.literal('magtek-hid'), hid: hidSelector }),
    z.strictObject({
      ...readerCommon,
      protocol: z.literal('hid-pos-msr'),
      hid: hidSelector,
      reportDescriptor,
    }),
    z.strictObject({ ...readerCommon, protocol: z.literal('vivotech2'), serial: serialPort }),
    z.strictObject({
      ...readerCommon,
      protocol: z.literal('pae'),
      // The unattended guide's port settings: 115200 baud, 8N1.
      serial: serialPortWith(115200),
      paymentUser: z
        .string()
        .min(1)
        .max(40)
        .default('Kiosk')
        .describe('The device\u2019s paymentUser when no cashier is signed in (a kiosk).'),
    }),
    z.strictObject({
      ...readerCommon,
      protocol: z.literal('emulated'),
      mode: z
        .enum(['keyboard', 'hid'])
        .default('keyboard')
        .describe('How the training reader talks: as a keyboard or over HID.'),
    }),
  ],
  {
    error: 'expected protocol "keyboard", "idtech-hid", "magtek-hid", "hid-pos-msr", "vivotech2", "pae" or "emulated"',
  },
);
export type CardReaderSetting = z.output<typeof cardReaderSettingSchema>;

const padRegion = z.strictObject({
  x: z.number({ error: 'expected a number' }).min(0).describe('Left edge, in the pad\u2019s coordinates.'),
  y: z.number({ error: 'expected a number' }).min(0).describe('Top edge, in the pad\u2019s coordinates.'),
  width: z.number({ error: 'expected a number' }).positive().describe('Width, in the pad\u2019s coordinates.'),
  height: z.number({ error: 'expected a number' }).positive().describe('Height, in the pad\u2019s coordinates.'),
});
const padCommon = {
  id: deviceId,
  kind: kindOf('signature-pad'),
  name: deviceName,
  buttons: z
    .strictObject({
      accept: padRegion.optional().describe('Where the pad\u2019s Accept is.'),
      clear: padRegion.optional().describe('Where the pad\u2019s Clear is.'),
      cancel: padRegion.optional().describe('Where the pad\u2019s Cancel is.'),
    })
    .optional()
    .describe(
      'Accept / clear / cancel areas printed on (or drawn by) the signing surface, in the pad\u2019s coordinates.',
    ),
};

/**
 * A signature pad and how it is connected: `hid-digitizer` (the HID Digitizers page, fields from
 * the report descriptor), `isdv4` (a Wacom ISDV4 serial pen pad, 38400 baud by default), or
 * `emulated` (training only: a pad that signs recorded signatures, over the HID or ISDV4 protocol).
 */
export const signaturePadSettingSchema = z.discriminatedUnion(
  'protocol',
  [
    z.strictObject({ ...padCommon, protocol: z.literal('hid-digitizer'), hid: hidSelector, reportDescriptor }),
    z.strictObject({ ...padCommon, protocol: z.literal('isdv4'), serial: serialPortWith(38400) }),
    z.strictObject({
      ...padCommon,
      protocol: z.literal('emulated'),
      mode: z
        .enum(['hid-digitizer', 'isdv4'])
        .default('hid-digitizer')
        .describe('Which protocol the training pad speaks.'),
    }),
  ],
  { error: 'expected protocol "hid-digitizer", "isdv4" or "emulated"' },
);
export type SignaturePadSetting = z.output<typeof signaturePadSettingSchema>;

const printerCommon = {
  id: deviceId,
  kind: kindOf('printer'),
  name: deviceName,
  profile: z
    .string({ error: 'expected a printer profile id, e.g. "escpos-80mm"' })
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('escpos-80mm')
    .describe('A profile from assets/printers/: `escpos-80mm` (48 columns), `escpos-58mm` (32), `starprnt-80mm`.'),
  drawer: z
    .boolean()
    .optional()
    .describe(
      'Whether a cash drawer hangs on the printer\u2019s kick-out connector (default: no for a real printer, yes for training\u2019s emulated one).',
    ),
  drawerOpenLevel: z
    .enum(['high', 'low'], { error: 'expected "high" or "low"' })
    .optional()
    .describe(
      'The level of the drawer connector\u2019s pin 3 that means open (default "low"; a drawer whose switch is wired the other way: "high").',
    ),
};

/**
 * A receipt printer and its link: a network printer's raw port (`tcp`), a serial port, the USB
 * printer class's device file (`deviceFile`, one-way: no status), or `emulated` (training only:
 * the emulated printer, whose pages the screen can show).
 */
export const printerSettingSchema = z.union(
  [
    z.strictObject({
      ...printerCommon,
      tcp: z
        .strictObject({
          host: z.string().min(1).max(253).describe('The printer\u2019s address on the store network.'),
          port: integerFrom(1, 65535).default(9100).describe('Its raw printing port.'),
        })
        .describe('A network printer: status is read before and after each receipt.'),
    }),
    z.strictObject({
      ...printerCommon,
      serial: serialPortWith(38400).describe('A serial printer: status is read before and after each receipt.'),
    }),
    z.strictObject({
      ...printerCommon,
      deviceFile: z
        .string()
        .min(1)
        .max(255)
        .describe('The USB printer class\u2019s device node (`/dev/usb/lp0`, `LPT1`); one-way, no status (ADR 045).'),
    }),
    z.strictObject({
      ...printerCommon,
      emulated: z.literal(true).describe('Training\u2019s emulated printer, whose pages the screen can show.'),
    }),
  ],
  { error: 'expected a printer with one of "tcp", "serial", "deviceFile" or "emulated"' },
);
export type PrinterSetting = z.output<typeof printerSettingSchema>;

/** True for a reader that types into the keyboard stream (there is one stream, so one such reader). */
export function keyboardMode(device: CardReaderSetting): boolean {
  return device.protocol === 'keyboard' || (device.protocol === 'emulated' && device.mode === 'keyboard');
}
