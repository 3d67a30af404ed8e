import { isIP } from 'node:net';
import { z } from 'zod';
import { terminalModes } from '../ipc/contract';

/**
 * True for 127.0.0.0/8, ::1 and localhost: the only hosts plain http and training may use.
 * Takes a hostname as `URL#hostname` gives it (IPv6 in brackets, IPv4 already normalized, so
 * `http://2130706433/` arrives here as 127.0.0.1).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
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

const integerFrom = (min: number, max: number) => {
  const error = `expected an integer from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const oneOf = (values: readonly string[], separator: string) =>
  `expected ${values.map((value) => JSON.stringify(value)).join(separator)}`;

// Each section's own defaults fill in a missing section (prefault parses `{}`), so every
// default is written once.
const asSection = { error: 'expected an object' } as const;

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
      merchantId: z
        .string({ error: 'expected empty or 1 to 16 digits' })
        .regex(/^(\d{1,16})?$/, { error: 'expected empty or 1 to 16 digits' })
        .default(''),
      gateway: z.strictObject({ url: gatewayUrl.default('') }, asSection).prefault({}),
      host: z.strictObject({ port: integerFrom(0, 65535).default(8710) }, asSection).prefault({}),
      kiosk: z.strictObject({ idleResetSeconds: integerFrom(15, 3600).default(90) }, asSection).prefault({}),
      log: z
        .strictObject({ level: z.enum(logLevels, { error: `expected one of ${logLevels.join(', ')}` }).default('info') }, asSection)
        .prefault({}),
    },
    { error: 'expected a JSON object of settings' },
  )
  .superRefine((settings, context) => {
    // zod runs this even when a field already failed; a URL that does not parse has its own
    // issue, so only a parsed, non-loopback host is reported here.
    if (!settings.training || settings.gateway.url === '') return;
    const hostname = hostnameOf(settings.gateway.url);
    if (hostname !== undefined && !isLoopbackHost(hostname)) {
      context.addIssue({
        code: 'custom',
        path: ['gateway', 'url'],
        message: 'training mode refuses a non-loopback gateway; leave it empty for the built-in emulator',
      });
    }
  });

export type Settings = z.output<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;
