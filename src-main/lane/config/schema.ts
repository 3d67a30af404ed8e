import { z } from 'zod';
import { customerDisplaySettingsSchema } from './customer-display-settings';
import { staffRoles, terminalModes } from '../ipc/contract';
import { pinHashPattern } from '../session/pin-hash';
import { kioskSettingIssues, kioskSettingsSchema } from './kiosk-settings';
import {
  cardReaderSettingSchema,
  keyboardMode,
  printerSettingSchema,
  signaturePadSettingSchema,
} from './device-settings';
import { asSection, integerFrom } from './schema-parts';
import { receiptMailSettingsSchema } from './receipt-mail-settings';
import { receiptSmsSettingsSchema } from './receipt-sms-settings';
import { surchargeSettingsSchema } from './surcharge-settings';
import { offlineSettingsSchema } from './offline-settings';
import { walletSettingIssues, walletSettingsSchema } from './wallet-settings';
import { hubSettingsSchema } from './hub-settings';
import {
  integratedTerminalSettingIssues,
  integratedTerminalSettingsSchema,
  paymentDevices,
} from './integrated-terminal-settings';
import { isLoopbackHost } from './loopback';
import { isValidTermid, termidRule } from '../gateway/termid';

export { isLoopbackHost } from './loopback';

/** The host of an absolute URL, or undefined when `value` is not one (WHATWG parser). */
function hostnameOf(value: string): string | undefined {
  return URL.canParse(value) ? new URL(value).hostname : undefined;
}

export {
  cardReaderSettingSchema,
  keyboardMode,
  printerSettingSchema,
  signaturePadSettingSchema,
  type CardReaderSetting,
  type PrinterSetting,
  type SignaturePadSetting,
} from './device-settings';

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

export const signaturePolicies = ['network-rules', 'always', 'never'] as const;
export const signatureCaptureSources = ['auto', 'pad', 'screen'] as const;

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
      mode: z
        .enum(terminalModes, { error: oneOf(terminalModes, ' or ') })
        .default('counter')
        .describe('`counter`: the cashier\u2019s app; `kiosk`: the customer\u2019s self-checkout.'),
      training: z
        .boolean({ error: 'expected true or false' })
        .default(true)
        .describe('Training: the built-in gateway emulator and emulated devices; refuses any non-loopback gateway.'),
      terminalId: z
        .string({ error: 'expected 1 to 16 letters, digits or dashes' })
        .regex(/^[A-Za-z0-9-]{1,16}$/, { error: 'expected 1 to 16 letters, digits or dashes' })
        .default('LANE-01')
        .describe('The lane\u2019s name on receipts, in order ids and in the journal.'),
      // The gateway's merchid: a string of up to 16 characters, not always digits (its OpenAPI file).
      merchantId: z
        .string({ error: 'expected empty or a merchant id of 1 to 16 characters' })
        .regex(/^([\x21-\x7E]{1,16})?$/, {
          error: 'expected empty or a merchant id of 1 to 16 characters: letters, digits or punctuation, no spaces',
        })
        .default('')
        .describe('The gateway\u2019s merchid: up to 16 characters, not always digits (no spaces).'),
      gateway: z
        .strictObject(
          {
            url: gatewayUrl
              .default('')
              .describe(
                'The gateway\u2019s REST root, `https://<site>.cardconnect.com/cardconnect/rest`; https, http only on loopback. Empty: the built-in emulator. In training, a loopback emulator to use instead of the built-in one (`npm run emulator`\u2019s, with its test credentials; ADR 020).',
              ),
            // The OpenAPI file's rule (8 characters, the last 5 digits); FACTS.md's 12 is older (ADR 088).
            termid: z
              .string({ error: `expected empty or a Terminal Device ID: ${termidRule}` })
              .refine((value) => value === '' || isValidTermid(value), {
                error: `expected empty or a Terminal Device ID: ${termidRule}`,
              })
              .default('')
              .describe(
                'The Terminal Device ID sent on every authorization (`termid`) for the processor\u2019s ClientLine reports: exactly 8 characters, the last 5 digits. Empty: not sent (ADR 088).',
              ),
          },
          asSection,
        )
        .prefault({})
        .describe('The payment gateway. Its credentials are secrets, kept in the secret store, never here.'),
      host: z
        .strictObject(
          {
            port: integerFrom(0, 65535)
              .default(8710)
              .describe('Browser mode\u2019s port on 127.0.0.1; `0` picks a free one.'),
          },
          asSection,
        )
        .prefault({})
        .describe('Browser mode: the Node host serving the screens to a browser.'),
      payments: z
        .strictObject(
          {
            device: z
              .enum(paymentDevices, { error: oneOf(paymentDevices, ' or ') })
              .default('reader')
              .describe(
                'What takes the card: `reader`, the lane\u2019s own card reader (`devices`); `integrated-terminal`, a CardPointe terminal through the Terminal API (`integratedTerminal`).',
              ),
            tips: z
              .boolean({ error: 'expected true or false' })
              .default(false)
              .describe('A capture may add a tip (the gateway must allow capturing more than authorized).'),
            authorizationExpiryDays: integerFrom(1, 31)
              .default(30)
              .describe(
                'Days an authorization (captured later) holds before the networks may let it lapse: the gateway reference\u2019s "usually thirty days". Networks differ (Visa and Mastercard 7 days for most card-present stores, up to 31 for lodging and car rental): set your own.',
              ),
            authorizationWarnDays: integerFrom(1, 31)
              .default(25)
              .describe(
                'From this many days old an open authorization is shown with a warning, so it is captured or released before it lapses.',
              ),
            forcedCredit: z
              .boolean({ error: 'expected true or false' })
              .default(false)
              .describe('Money back on a card without a sale to refund (a negative authorization).'),
            ach: z
              .boolean({ error: 'expected true or false' })
              .default(false)
              .describe('Electronic check sales from a keyed bank account.'),
            cardTimeoutSeconds: integerFrom(1, 600)
              .default(60)
              .describe('How long a sale waits for the card, or for a keyed card to be finished.'),
            recoveryRetrySeconds: integerFrom(5, 600)
              .default(30)
              .describe('The first background check of an unknown outcome; then doubling to 10 minutes.'),
            confirmAboveMinor: integerFrom(100, 99_999_999)
              .default(100_000)
              .describe(
                'A sale above this amount, in cents (100000 is 1,000.00), asks the cashier to confirm it before the card is asked for: 999,999.99 is one slip of the finger.',
              ),
            askStreetWhenKeyed: z
              .boolean({ error: 'expected true or false' })
              .default(false)
              .describe(
                'A keyed card asks for the billing street address too, after the postal code, for the address check (AVS); the postal code is always asked (ADR 088).',
              ),
          },
          asSection,
        )
        .prefault({})
        .describe(
          'What this merchant\u2019s account allows beyond card sales; the gateway refuses what it is not boarded for.',
        ),
      staff: z
        .strictObject(
          {
            members: z
              .array(
                z.strictObject({
                  id: z
                    .string({ error: 'expected a cashier id of 1 to 8 digits' })
                    .regex(/^\d{1,8}$/, { error: 'expected a cashier id of 1 to 8 digits' })
                    .describe('The id typed at sign-in: 1 to 8 digits.'),
                  name: z.string({ error: 'expected a name' }).min(1).max(40).describe('The name the screens show.'),
                  role: z
                    .enum(staffRoles, { error: oneOf(staffRoles, ' or ') })
                    .describe('A manager approves voids, refunds above the limit and settings changes.'),
                  pin: z
                    .string({ error: 'expected a PIN hash' })
                    .regex(pinHashPattern, {
                      error: 'expected a PIN hash made with `lanepoint pin-hash`, never the PIN itself',
                    })
                    .describe(
                      'The PIN as a scrypt hash: `printf 4821 | npx lanepoint pin-hash`; never the PIN itself.',
                    ),
                }),
                { error: 'expected a list of staff members' },
              )
              .max(500)
              .default([])
              .describe(
                'Who may sign in on a live lane (at most 500). Training signs in its practice staff (Trainee 1001, Trainer 9001) when none are listed.',
              ),
            refundLimitMinor: integerFrom(0, 99_999_999)
              .default(5000)
              .describe('Refunds above this (minor units) are a manager\u2019s; 0: every refund is.'),
          },
          asSection,
        )
        .prefault({})
        .describe('Who may sign in on the lane, and what needs a manager.'),
      wallet: walletSettingsSchema.prefault({}),
      surcharge: surchargeSettingsSchema.prefault({}),
      integratedTerminal: integratedTerminalSettingsSchema.prefault({}),
      offline: offlineSettingsSchema.prefault({}),
      kiosk: kioskSettingsSchema.prefault({}),
      customerDisplay: customerDisplaySettingsSchema.prefault({}),
      hub: hubSettingsSchema.prefault({}),
      receiptMail: receiptMailSettingsSchema
        .prefault({})
        .describe('The store\u2019s mail server for emailed receipts (ADR 068); off until a host is set.'),
      receiptSms: receiptSmsSettingsSchema
        .prefault({})
        .describe('The store\u2019s SMS gateway for texted receipts (ADR 070); off until a URL is set.'),
      log: z
        .strictObject(
          {
            level: z
              .enum(logLevels, { error: `expected one of ${logLevels.join(', ')}` })
              .default('info')
              .describe('pino\u2019s levels; an error\u2019s stack is logged only at `debug`.'),
          },
          asSection,
        )
        .prefault({})
        .describe('The log on standard error, card data redacted.'),
      journals: journalRecordsSchema
        .optional()
        .describe(
          'Written by the lane, not by a person: each journal file\u2019s identity and the highest entry id the lane has seen in it, by file name (ADR 044). Deleting the journal does not take this with it.',
        ),
      devices: z
        .array(cardReaderSettingSchema, { error: 'expected a list of devices' })
        .default([])
        .describe('Card readers; training adds an emulated one when none is configured.'),
      printers: z
        .array(printerSettingSchema, { error: 'expected a list of printers' })
        .default([])
        .describe('Receipt printers; training adds an emulated one when none is configured.'),
      signaturePads: z
        .array(signaturePadSettingSchema, { error: 'expected a list of signature pads' })
        .default([])
        .describe('Signature pads; training adds an emulated one when none is configured.'),
      signature: z
        .strictObject(
          {
            policy: z
              .enum(signaturePolicies, { error: oneOf(signaturePolicies, ', ') })
              .default('network-rules')
              .describe(
                'When a swiped or keyed sale needs a signature: the networks\u2019 thresholds, `always` or `never`.',
              ),
            capture: z
              .enum(signatureCaptureSources, { error: oneOf(signatureCaptureSources, ', ') })
              .default('auto')
              .describe('Where the cardholder signs: `pad`, `screen`, or `auto` (a connected pad, else the screen).'),
            allowSkip: z
              .boolean()
              .default(false)
              .describe(
                'Lets a signed-in cashier go on without the signature (**Skip signature**), on the Settings screen too; journaled on the sale\u2019s row with who skipped it.',
              ),
            canvasWidth: integerFrom(64, 576)
              .default(384)
              .describe('The image sent and printed, in dots: 384 x 128 is half an 80 mm receipt\u2019s 576 dots.'),
            canvasHeight: integerFrom(32, 256).default(128).describe('The image\u2019s height, in dots.'),
            lineWidth: integerFrom(1, 8).default(3).describe('The pen\u2019s width, in dots.'),
          },
          asSection,
        )
        .prefault({})
        .describe('When a signature is asked for, where it is signed, and its image.'),
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
    for (const { key, message } of integratedTerminalSettingIssues(
      settings.payments.device,
      settings.integratedTerminal,
      settings.training,
    ))
      context.addIssue({ code: 'custom', path: ['integratedTerminal', key], message });
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
