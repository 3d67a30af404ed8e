import { isIP } from 'node:net';
import { z } from 'zod';
import { terminalModes } from '../ipc/contract';

/** True for 127.0.0.0/8, ::1 and localhost: the only hosts plain http and training may use. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

const gatewayUrl = z
  .string()
  .max(2048)
  .superRefine((value, context) => {
    if (value === '') return; // the embedded emulator
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: `not a URL: "${value}"` });
      return;
    }
    if (url.username || url.password) {
      context.addIssue({ code: 'custom', message: 'must not carry credentials; keep them in the secret store' });
    } else if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      context.addIssue({ code: 'custom', message: 'http is allowed only for loopback addresses; use https' });
    } else if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      context.addIssue({ code: 'custom', message: `must be an https URL, got ${url.protocol}` });
    }
  });

/**
 * Every setting the terminal reads, with the defaults of a fresh install (training counter
 * mode, embedded emulator). Unknown keys are errors: a typo must not be silently ignored.
 */
export const settingsSchema = z
  .strictObject({
    mode: z.enum(terminalModes).default('counter'),
    training: z.boolean().default(true),
    terminalId: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,16}$/, 'must be 1 to 16 letters, digits or dashes')
      .default('LANE-01'),
    merchantId: z
      .string()
      .regex(/^(\d{1,16})?$/, 'must be up to 16 digits')
      .default(''),
    gateway: z.strictObject({ url: gatewayUrl.default('') }).default({ url: '' }),
    host: z
      .strictObject({ port: z.number().int().min(0).max(65535).default(8710) })
      .default({ port: 8710 }),
    kiosk: z
      .strictObject({ idleResetSeconds: z.number().int().min(15).max(3600).default(90) })
      .default({ idleResetSeconds: 90 }),
    log: z
      .strictObject({ level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info') })
      .default({ level: 'info' }),
  })
  .superRefine((settings, context) => {
    if (!settings.training || settings.gateway.url === '') return;
    const { hostname } = new URL(settings.gateway.url);
    if (!isLoopbackHost(hostname)) {
      context.addIssue({
        code: 'custom',
        path: ['gateway', 'url'],
        message: 'training mode refuses a non-loopback gateway; leave it empty for the built-in emulator',
      });
    }
  });

export type Settings = z.output<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;
