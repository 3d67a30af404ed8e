import { z } from 'zod';
import { ansiTestBdk } from '../../../drivers/card-reader/dukpt';

/**
 * What the Integrated Terminal emulator serves: API keys and the merchant ids each opens, the
 * terminals (HSNs) provisioned to each merchant id with their model, and the gateway the terminal
 * service authorizes at. The reference (terminal/api-overview.md, developer-guides.md
 * "Connecting your Client", "Sharing a Terminal Between POS Systems") says an API key serves one
 * merchant id or a group of them and that each HSN is assigned to one merchant id.
 */

/**
 * The device types the reference names with their capabilities (terminal-openapi.yaml,
 * terminalDetails examples; developer-guides.md, "Wallpaper Image Requirements" for the screens).
 * The Lane/3000 has no touch screen, so it captures no signature.
 */
export const deviceTypes = {
  'iSC250 Touch': { model: 'ingenico', x: 480, y: 272, signature: true, printer: false },
  'Lane/3000': { model: 'ingenico', x: 320, y: 240, signature: false, printer: false },
  'Lane/7000': { model: 'ingenico', x: 800, y: 480, signature: true, printer: false },
  'Mini 2': { model: 'clover', x: 1280, y: 800, signature: true, printer: true },
  Flex: { model: 'clover', x: 1720, y: 1280, signature: true, printer: true },
} as const;
export type DeviceType = keyof typeof deviceTypes;
export type TerminalModel = (typeof deviceTypes)[DeviceType]['model'];

const terminalSchema = z.strictObject({
  /** The hardware serial number; at most 18 characters (every request schema's hsn). */
  hsn: z.string().regex(/^[A-Za-z0-9]{1,18}$/),
  merchantId: z.string().regex(/^[A-Za-z0-9]{1,16}$/),
  deviceType: z.enum(Object.keys(deviceTypes) as [DeviceType, ...DeviceType[]]),
  name: z.string().default(''),
  /** What getPanPadVersion answers (its example: 1060011). */
  panPadVersion: z.string().default('1060011'),
});

const merchantSchema = z.strictObject({
  merchantId: z.string().regex(/^[A-Za-z0-9]{1,16}$/),
  /** preconnect and a token on connect are required when on ("Establishing a Session"). */
  twoFactor: z.boolean().default(false),
  /** "PIN debit is only supported for qualified merchants" ("Accepting PIN Debit Cards"). */
  pinDebit: z.boolean().default(false),
});

export const terminalEmulatorConfigSchema = z
  .strictObject({
    /** Each API key (the Authorization header's whole value) and the merchant ids it opens. */
    apiKeys: z.array(z.strictObject({ key: z.string().min(8), merchantIds: z.array(z.string()).min(1) })).min(1),
    merchants: z.array(merchantSchema).min(1),
    terminals: z.array(terminalSchema),
    /** Where the terminal service tokenizes and authorizes: the gateway emulator in training. */
    gateway: z.strictObject({
      /** The REST root, e.g. http://127.0.0.1:8711/cardconnect/rest */
      restUrl: z.string().url(),
      /** The tokenizer's tokenize endpoint, e.g. http://127.0.0.1:8711/cardsecure/api/v1/ccn/tokenize */
      tokenizeUrl: z.string().url(),
      username: z.string().min(1),
      password: z.string().min(1),
    }),
    /** The base derivation key the terminals' readers encrypt chip data under (the gateway decrypts it). */
    readerBdk: z
      .string()
      .regex(/^[0-9A-Fa-f]{32}$/)
      .default(ansiTestBdk),
  })
  .superRefine((config, context) => {
    const merchants = new Set(config.merchants.map((merchant) => merchant.merchantId));
    config.terminals.forEach((terminal, index) => {
      if (!merchants.has(terminal.merchantId))
        context.addIssue({
          code: 'custom',
          path: ['terminals', index, 'merchantId'],
          message: `terminal ${terminal.hsn} names merchant ${terminal.merchantId}, which is not configured`,
        });
    });
    const hsns = config.terminals.map((terminal) => terminal.hsn);
    hsns.forEach((hsn, index) => {
      if (hsns.indexOf(hsn) !== index)
        context.addIssue({ code: 'custom', path: ['terminals', index, 'hsn'], message: `HSN ${hsn} is listed twice` });
    });
  });

export type TerminalEmulatorConfig = z.output<typeof terminalEmulatorConfigSchema>;
export type TerminalEmulatorConfigInput = z.input<typeof terminalEmulatorConfigSchema>;
export type ConfiguredTerminal = TerminalEmulatorConfig['terminals'][number];
export type ConfiguredMerchant = TerminalEmulatorConfig['merchants'][number];

/**
 * The timings the reference documents, in milliseconds; tests keep them and move a ManualClock.
 */
export interface TerminalTimings {
  /** "A session key is valid for 10 minutes after it is generated." */
  readonly sessionMs: number;
  /** "the terminal service waits 1 minute and 59 seconds" then answers "Terminal request timed out". */
  readonly requestMs: number;
  /** preconnect's token "displays for 60 seconds (configurable)". */
  readonly preconnectTokenMs: number;
  /** The gateway answers by 32 s ("Terminal API Authorization Request Timeout"); a little more for the wire. */
  readonly gatewayMs: number;
  /** How long a rebooting terminal stays away from the terminal service (not in the reference: a trainer's choice). */
  readonly rebootMs: number;
}

export const referenceTimings: TerminalTimings = {
  sessionMs: 10 * 60_000,
  requestMs: 119_000,
  preconnectTokenMs: 60_000,
  gatewayMs: 35_000,
  rebootMs: 60_000,
};

/**
 * The training setup: the gateway emulator's RPCT merchant with two terminals (an Ingenico
 * countertop and a Clover Mini) and a two-factor merchant with one. The gateway part is filled in
 * by whoever starts the emulator (it knows the gateway's port).
 */
export function trainingTerminalConfig(gateway: TerminalEmulatorConfigInput['gateway']): TerminalEmulatorConfigInput {
  return {
    apiKeys: [{ key: 'training-terminal-api-key', merchantIds: ['496160873888', '820000000001'] }],
    merchants: [
      { merchantId: '496160873888', pinDebit: true },
      { merchantId: '820000000001', twoFactor: true },
    ],
    terminals: [
      { hsn: '15225SC90709732', merchantId: '496160873888', deviceType: 'iSC250 Touch' },
      { hsn: 'C042UQ93160289', merchantId: '496160873888', deviceType: 'Mini 2' },
      { hsn: '14012PP20131409', merchantId: '820000000001', deviceType: 'Lane/3000' },
    ],
    gateway,
  };
}
