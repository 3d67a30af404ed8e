import { z } from 'zod';
import { KindedError } from '../../platform/errors';
import { isLoopbackHost } from './loopback';
import type { SecretStore } from './secrets';

/** The secret store's name for the Integrated Terminal API key: never in settings.json. */
export const integratedTerminalApiKeyName = 'integrated-terminal.api-key';

/** What takes the card: the lane's own reader, or an integrated terminal through the Terminal API (ADR 085). */
export const paymentDevices = ['reader', 'integrated-terminal'] as const;
export type PaymentDevice = (typeof paymentDevices)[number];

/** The Terminal API's site root: https, or plain http to loopback; no credentials, no /api path. */
const siteRoot = z
  .string({ error: 'expected a URL, or empty when no integrated terminal is used' })
  .max(2048, { error: 'must be at most 2048 characters' })
  .superRefine((value, context) => {
    if (value === '') return;
    if (!URL.canParse(value)) {
      context.addIssue({ code: 'custom', message: 'not an absolute URL; expected https://<site>.cardpointe.com' });
      return;
    }
    const url = new URL(value);
    if (url.username || url.password)
      context.addIssue({
        code: 'custom',
        message: 'must not carry credentials; the API key is kept in the secret store',
      });
    else if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
      context.addIssue({ code: 'custom', message: 'http is allowed only for loopback addresses; use https' });
    else if (url.protocol !== 'https:' && url.protocol !== 'http:')
      context.addIssue({ code: 'custom', message: 'expected an https URL' });
    else if (url.search || url.hash)
      context.addIssue({ code: 'custom', message: 'expected the bare site root: no query or fragment' });
    else if (/\/api(\/v\d+)?\/?$/.test(url.pathname))
      context.addIssue({ code: 'custom', message: `expected the site root (e.g. ${url.origin}), without /api` });
  });

/**
 * The `integratedTerminal` settings section: where the Terminal API is and which terminal this
 * lane uses. Its API key is a secret (`integrated-terminal.api-key` in the secret store).
 */
export const integratedTerminalSettingsSchema = z
  .strictObject(
    {
      baseUrl: siteRoot
        .default('')
        .describe(
          'The Terminal API\u2019s site root, `https://<site>.cardpointe.com` (no `/api`); https, http only on loopback. Training uses its own emulated terminal: leave it empty there.',
        ),
      merchantId: z
        .string({ error: 'expected empty or a merchant id of 1 to 16 characters' })
        .regex(/^([\x21-\x7E]{1,16})?$/, {
          error: 'expected empty or a merchant id of 1 to 16 characters: letters, digits or punctuation, no spaces',
        })
        .default('')
        .describe('The merchant id the terminal is boarded under. Empty: the gateway\u2019s `merchantId`.'),
      hsn: z
        .string({ error: 'expected the terminal\u2019s serial number (HSN)' })
        .regex(/^([A-Za-z0-9]{1,18})?$/, { error: 'expected the terminal\u2019s HSN: 1 to 18 letters or digits' })
        .default('')
        .describe(
          'The terminal\u2019s hardware serial number (HSN), as listTerminals names it. Empty in training (its emulated terminal\u2019s).',
        ),
      pinDebit: z
        .boolean({ error: 'expected true or false' })
        .default(false)
        .describe(
          'The merchant is boarded for PIN debit: the terminal runs a debit card as debit and asks its PIN (not on Clover terminals).',
        ),
    },
    { error: 'expected an object' },
  )
  .describe(
    'The integrated terminal this lane takes cards on when `payments.device` is `integrated-terminal` (ADR 085). Its API key is a secret, kept in the secret store, never here.',
  );

export type IntegratedTerminalSettings = z.output<typeof integratedTerminalSettingsSchema>;

/**
 * The issues of a lane set to take cards on an integrated terminal without saying which one. A
 * training lane takes cards on training's own emulated terminal, which gives its site and HSN:
 * it needs neither, and one named must be on loopback.
 */
export function integratedTerminalSettingIssues(
  device: PaymentDevice,
  terminal: Pick<IntegratedTerminalSettings, 'baseUrl' | 'hsn'>,
  training: boolean,
): Array<{ key: 'baseUrl' | 'hsn'; message: string }> {
  if (device !== 'integrated-terminal') return [];
  const issues: Array<{ key: 'baseUrl' | 'hsn'; message: string }> = [];
  const required = 'required when payments.device is integrated-terminal';
  if (terminal.baseUrl === '') {
    if (!training) issues.push({ key: 'baseUrl', message: required });
  } else if (training && URL.canParse(terminal.baseUrl) && !isLoopbackHost(new URL(terminal.baseUrl).hostname))
    issues.push({ key: 'baseUrl', message: 'training mode refuses a non-loopback terminal service' });
  if (terminal.hsn === '' && !training) issues.push({ key: 'hsn', message: required });
  return issues;
}

/** What the Terminal API client is made with (createTerminalClient's options). */
export interface IntegratedTerminalConnection {
  readonly baseUrl: string;
  readonly merchantId: string;
  readonly hsn: string;
  readonly apiKey: string;
}

/**
 * The settings and the secret the terminal client needs: the merchant id defaults to the
 * gateway's, the API key comes from the secret store. Throws a KindedError ('invalid') naming
 * what is missing; never puts the key in a message.
 */
export async function integratedTerminalConnection(
  settings: { readonly merchantId: string; readonly integratedTerminal: IntegratedTerminalSettings },
  secrets: Pick<SecretStore, 'get'>,
): Promise<IntegratedTerminalConnection> {
  const { baseUrl, hsn } = settings.integratedTerminal;
  const merchantId = settings.integratedTerminal.merchantId || settings.merchantId;
  const missing = [
    ...(baseUrl ? [] : ['integratedTerminal.baseUrl']),
    ...(hsn ? [] : ['integratedTerminal.hsn']),
    ...(merchantId ? [] : ['integratedTerminal.merchantId (or merchantId)']),
  ];
  const apiKey = await secrets.get(integratedTerminalApiKeyName);
  if (!apiKey) missing.push(`the secret ${integratedTerminalApiKeyName}`);
  if (missing.length > 0)
    throw new KindedError('invalid', `the integrated terminal is not set up: ${missing.join(', ')} missing`);
  return { baseUrl, merchantId, hsn, apiKey: apiKey! };
}
