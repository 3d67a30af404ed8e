import { isIP } from 'node:net';
import { z } from 'zod';
import { staffRoles, terminalModes } from '../ipc/contract';
import { pinHashPattern } from '../session/pin-hash';
import { kioskSettingIssues, kioskSettingsSchema } from './kiosk-settings';
import { asSection, integerFrom, serialPortWith } from './schema-parts';
import { walletSettingIssues, walletSettingsSchema } from './wallet-settings';

/**
 * True for 127.0.0.0/8, ::1 and localhost: the only hosts plain http and training may use.
 * Takes a hostname as `URL#hostname` gives it (IPv6 in brackets, IPv4 already normalized, so
 * `http://2130706433/` arrives here as 127.0.0.1).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

/** The host of an absolute URL, or undefined when `value` is not one (WHATWG parser). */
function hostnameOf(value: string): string | undefined {
  return URL.canParse(value) ? new URL(value).hostname : undefined;
}

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

const gatewayUrl = z
  .string({ error: 'expected a URL, or empty for the built-in emulator' })
  .max(2048, { error: 'must be at most 2048 characters' })
  .superRefine((value, context) => {
    if (value === '') return; // the embedded emulator
    if (!URL.canParse(value)) {
      context.addIssue({ code: 'custom', message: 'not an absolute URL; expected https://host/path' });
      return;
    }
    const url = new URL(value);
    if (url.username || url.password) {
      context.addIssue({ code: 'custom', message: 'must not carry credentials; keep them in the secret store' });
    } else if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      context.addIssue({ code: 'custom', message: 'http is allowed only for loopback addresses; use https' });
    } else if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      context.addIssue({ code: 'custom', message: `expected an https URL, got the scheme ${url.protocol}` });
    }
  });

const oneOf = (values: readonly string[], separator: string) =>
  `expected ${values.map((value) => JSON.stringify(value)).join(separator)}`;

const deviceId = z
  .string({ error: 'expected an id of letters, digits and dashes' })
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { error: 'expected 1 to 32 lower-case letters, digits or dashes' });
const hexId = z
  .string()
  .regex(/^(0x)?[0-9A-Fa-f]{1,4}$/, { error: 'expected a USB id in hex, e.g. "0acd"' })
  .transform((value) => parseInt(value.replace(/^0x/, ''), 16));
/** Which HID device: by vendor and product id, or by its OS path. */
const hidSelector = z.union(
  [z.strictObject({ vendorId: hexId, productId: hexId }), z.strictObject({ path: z.string().min(1) })],
  { error: 'expected { vendorId, productId } or { path }' },
);
const serialPort = serialPortWith(19200);
/** A device's HID report descriptor in hex (node-hid cannot read it from the device). */
const reportDescriptor = z
  .string({ error: 'expected the report descriptor in hex' })
  .regex(/^([0-9A-Fa-f]{2})+$/, { error: 'expected the report descriptor in hex, two digits a byte' })
  .max(8192);
const readerCommon = {
  id: deviceId,
  kind: z.literal('card-reader').default('card-reader'),
  name: z.string().min(1).max(40).optional(),
  /** Chip failures after which a swiped chip card is accepted as fallback (0: never). */
  chipFailuresBeforeFallback: integerFrom(0, 5).default(1),
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
      /** The DPT's paymentUser when no cashier is signed in (a kiosk). */
      paymentUser: z.string().min(1).max(40).default('Kiosk'),
    }),
    z.strictObject({
      ...readerCommon,
      protocol: z.literal('emulated'),
      mode: z.enum(['keyboard', 'hid']).default('keyboard'),
    }),
  ],
  {
    error: 'expected protocol "keyboard", "idtech-hid", "magtek-hid", "hid-pos-msr", "vivotech2", "pae" or "emulated"',
  },
);
export type CardReaderSetting = z.output<typeof cardReaderSettingSchema>;

const padRegion = z.strictObject({
  x: z.number({ error: 'expected a number' }).min(0),
  y: z.number({ error: 'expected a number' }).min(0),
  width: z.number({ error: 'expected a number' }).positive(),
  height: z.number({ error: 'expected a number' }).positive(),
});
const padCommon = {
  id: deviceId,
  kind: z.literal('signature-pad').default('signature-pad'),
  name: z.string().min(1).max(40).optional(),
  /** Accept / clear / cancel areas printed on (or drawn by) the signing surface, in pad coordinates. */
  buttons: z
    .strictObject({ accept: padRegion.optional(), clear: padRegion.optional(), cancel: padRegion.optional() })
    .optional(),
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
      mode: z.enum(['hid-digitizer', 'isdv4']).default('hid-digitizer'),
    }),
  ],
  { error: 'expected protocol "hid-digitizer", "isdv4" or "emulated"' },
);
export type SignaturePadSetting = z.output<typeof signaturePadSettingSchema>;

const printerCommon = {
  id: deviceId,
  kind: z.literal('printer').default('printer'),
  name: z.string().min(1).max(40).optional(),
  /** A printer profile from assets/printers: escpos-80mm, escpos-58mm or starprnt-80mm. */
  profile: z
    .string({ error: 'expected a printer profile id, e.g. "escpos-80mm"' })
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('escpos-80mm'),
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
      tcp: z.strictObject({ host: z.string().min(1).max(253), port: integerFrom(1, 65535).default(9100) }),
    }),
    z.strictObject({ ...printerCommon, serial: serialPortWith(38400) }),
    z.strictObject({ ...printerCommon, deviceFile: z.string().min(1).max(255) }),
    z.strictObject({ ...printerCommon, emulated: z.literal(true) }),
  ],
  { error: 'expected a printer with one of "tcp", "serial", "deviceFile" or "emulated"' },
);
export type PrinterSetting = z.output<typeof printerSettingSchema>;

export const signaturePolicies = ['network-rules', 'always', 'never'] as const;
export const signatureCaptureSources = ['auto', 'pad', 'screen'] as const;

/** True for a reader that types into the keyboard stream (there is one stream, so one such reader). */
export function keyboardMode(device: CardReaderSetting): boolean {
  return device.protocol === 'keyboard' || (device.protocol === 'emulated' && device.mode === 'keyboard');
}

/** What the lane records of each journal file, by file name (journal/lane-record.ts, ADR 044). */
export const journalRecordsSchema = z.record(
  z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'expected a journal file name' }),
  z.strictObject({
    id: z.string({ error: 'expected the journal identity' }).min(1).max(64),
    lastEntryId: integerFrom(0, Number.MAX_SAFE_INTEGER),
  }),
  { error: 'expected what the lane recorded of its journals' },
);

// Each section's own defaults fill in a missing section (prefault parses `{}`), so every
// default is written once.

/**
 * Every setting the terminal reads, with the defaults of a fresh install (training counter
 * mode, embedded emulator): `settingsSchema.parse({})` is a complete, valid configuration.
 * Unknown keys are errors: a typo must not be silently ignored.
 */
export const settingsSchema = z
  .strictObject(
    {
      mode: z.enum(terminalModes, { error: oneOf(terminalModes, ' or ') }).default('counter'),
      training: z.boolean({ error: 'expected true or false' }).default(true),
      terminalId: z
        .string({ error: 'expected 1 to 16 letters, digits or dashes' })
        .regex(/^[A-Za-z0-9-]{1,16}$/, { error: 'expected 1 to 16 letters, digits or dashes' })
        .default('LANE-01'),
      // The gateway's merchid: a string of up to 16 characters, not always digits (its OpenAPI file).
      merchantId: z
        .string({ error: 'expected empty or a merchant id of 1 to 16 characters' })
        .regex(/^([\x21-\x7E]{1,16})?$/, {
          error: 'expected empty or a merchant id of 1 to 16 characters: letters, digits or punctuation, no spaces',
        })
        .default(''),
      gateway: z.strictObject({ url: gatewayUrl.default('') }, asSection).prefault({}),
      host: z.strictObject({ port: integerFrom(0, 65535).default(8710) }, asSection).prefault({}),
      /** What this merchant's account allows beyond card sales; the gateway refuses what it is not boarded for. */
      payments: z
        .strictObject(
          {
            /** A capture may add a tip to the authorization. */
            tips: z.boolean({ error: 'expected true or false' }).default(false),
            /** Money back without a sale to refund (a negative authorization). */
            forcedCredit: z.boolean({ error: 'expected true or false' }).default(false),
            /** Electronic check sales from a keyed bank account. */
            ach: z.boolean({ error: 'expected true or false' }).default(false),
            /** How long a sale waits for the card before it goes back to idle. */
            cardTimeoutSeconds: integerFrom(1, 600).default(60),
            /** Background checks of the recovery queue: the first after this many seconds, then doubling to 10 minutes. */
            recoveryRetrySeconds: integerFrom(5, 600).default(30),
            /** A keyed amount above this (minor units) asks the cashier to confirm it before the card is asked for: 999,999.99 is one slip of the finger. */
            confirmAboveMinor: integerFrom(100, 99_999_999).default(100_000),
          },
          asSection,
        )
        .prefault({}),
      /** Who may sign in on the lane, and what needs a manager. Training signs in its practice staff when none are listed. */
      staff: z
        .strictObject(
          {
            members: z
              .array(
                z.strictObject({
                  id: z
                    .string({ error: 'expected a cashier id of 1 to 8 digits' })
                    .regex(/^\d{1,8}$/, { error: 'expected a cashier id of 1 to 8 digits' }),
                  name: z.string({ error: 'expected a name' }).min(1).max(40),
                  role: z.enum(staffRoles, { error: oneOf(staffRoles, ' or ') }),
                  pin: z.string({ error: 'expected a PIN hash' }).regex(pinHashPattern, {
                    error: 'expected a PIN hash made with `lanepoint pin-hash`, never the PIN itself',
                  }),
                }),
                { error: 'expected a list of staff members' },
              )
              .max(500)
              .default([]),
            /** Refunds above this (minor units) need a manager's PIN; 0: every refund does. */
            refundLimitMinor: integerFrom(0, 99_999_999).default(5000),
          },
          asSection,
        )
        .prefault({}),
      /** Paying on the customer's phone through the lane's pay link (wallet-settings.ts). */
      wallet: walletSettingsSchema.prefault({}),
      /** The self-checkout (src-main/kiosk/, kiosk-settings.ts). */
      kiosk: kioskSettingsSchema.prefault({}),
      log: z
        .strictObject(
          { level: z.enum(logLevels, { error: `expected one of ${logLevels.join(', ')}` }).default('info') },
          asSection,
        )
        .prefault({}),
      /**
       * Written by the lane, not by a person: each journal file's identity and the highest entry
       * id the lane has seen in it, by file name (journal/lane-record.ts, ADR 044). Deleting the
       * journal does not take this with it.
       */
      journals: journalRecordsSchema.optional(),
      /** Card readers; training adds an emulated one when none is configured. */
      devices: z.array(cardReaderSettingSchema, { error: 'expected a list of devices' }).default([]),
      /** Receipt printers; training adds an emulated one when none is configured. */
      printers: z.array(printerSettingSchema, { error: 'expected a list of printers' }).default([]),
      /** Signature pads; training adds an emulated one when none is configured. */
      signaturePads: z.array(signaturePadSettingSchema, { error: 'expected a list of signature pads' }).default([]),
      signature: z
        .strictObject(
          {
            /** When to ask for a signature on swipe and keyed sales, or always / never (signature/requirement.ts). */
            policy: z.enum(signaturePolicies, { error: oneOf(signaturePolicies, ', ') }).default('network-rules'),
            /** Where the cardholder signs: a pad, the touch screen, or `auto` (a connected pad, else the screen). */
            capture: z.enum(signatureCaptureSources, { error: oneOf(signatureCaptureSources, ', ') }).default('auto'),
            /** Whether a signed-in cashier may go on without a signature the rules ask for (journaled as skipped, by whom). */
            allowSkip: z.boolean().default(false),
            /** The image sent to the gateway and printed: 384 x 128 is half an 80 mm receipt's 576 dots. */
            canvasWidth: integerFrom(64, 576).default(384),
            canvasHeight: integerFrom(32, 256).default(128),
            lineWidth: integerFrom(1, 8).default(3),
          },
          asSection,
        )
        .prefault({}),
    },
    { error: 'expected a JSON object of settings' },
  )
  .superRefine((settings, context) => {
    const issue = (path: Array<string | number>, message: string) =>
      context.addIssue({ code: 'custom', path, message });
    const trainingOnly = 'emulated devices are for training mode only';
    const seen = new Set<string>();
    settings.printers.forEach((printer, index) => {
      if (seen.has(printer.id)) issue(['printers', index, 'id'], `"${printer.id}" is used by another device`);
      seen.add(printer.id);
      if ('emulated' in printer && !settings.training) issue(['printers', index, 'emulated'], trainingOnly);
    });
    settings.signaturePads.forEach((pad, index) => {
      if (seen.has(pad.id)) issue(['signaturePads', index, 'id'], `"${pad.id}" is used by another signature pad`);
      seen.add(pad.id);
      if (pad.protocol === 'emulated' && !settings.training) issue(['signaturePads', index, 'protocol'], trainingOnly);
    });
    settings.devices.forEach((device, index) => {
      if (seen.has(device.id)) issue(['devices', index, 'id'], `"${device.id}" is used by another device`);
      seen.add(device.id);
      if (keyboardMode(device) && settings.devices.findIndex(keyboardMode) !== index)
        issue(['devices', index, 'protocol'], 'only one reader can use the keyboard; another one already does');
      if (device.protocol === 'emulated' && !settings.training) issue(['devices', index, 'protocol'], trainingOnly);
    });
    for (const { path, message } of kioskSettingIssues(settings.kiosk)) issue(['kiosk', ...path], message);
    const staffIds = new Set<string>();
    settings.staff.members.forEach((member, index) => {
      if (staffIds.has(member.id)) issue(['staff', 'members', index, 'id'], `cashier id ${member.id} is listed twice`);
      staffIds.add(member.id);
    });
    for (const { key, message } of walletSettingIssues(settings.wallet, settings.training, isLoopbackHost))
      context.addIssue({ code: 'custom', path: ['wallet', key], message });
    // zod runs this even when a field already failed; a URL that does not parse has its own
    // issue, so only a parsed, non-loopback host is reported here.
    if (!settings.training || settings.gateway.url === '') return;
    const hostname = hostnameOf(settings.gateway.url);
    if (hostname !== undefined && !isLoopbackHost(hostname)) {
      issue(
        ['gateway', 'url'],
        'training mode refuses a non-loopback gateway; leave it empty for the built-in emulator',
      );
    }
  });

export type Settings = z.output<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;
