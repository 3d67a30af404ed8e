/**
 * Provisioning a lane with a boarded merchant: the merchant id and the gateway URL go into the
 * lane's settings.json, never credentials (the service does not hand them out; the operator
 * enters them in the lane's Settings). The same shape is the file `lanepoint provision` reads.
 * The two keys a file may carry (the hub's lane key from version 2, the Terminal API key from
 * version 3) go to the lane's secret store, never to settings.json.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { readSettingsFile, saveSettings, settingsPath, SettingsError } from '../lane/config/settings';
import { LaneError } from '../lane/errors';
import { createFileSecretStore, type SecretStore } from '../lane/config/secrets';
import type { ApplicationSummary } from './contract/applications';
import type { LaneProvisioning } from './contract/provision';
import { KindedError } from '../platform/errors';
import {
  integratedTerminalApiKeyName,
  integratedTerminalSettingIssues,
  integratedTerminalSettingsSchema,
  paymentDevices,
} from '../lane/config/integrated-terminal-settings';

const terminalFields = integratedTerminalSettingsSchema.shape;

/** The Terminal API key as issued: printable, no spaces (it is the whole Authorization header). */
export const terminalApiKeySchema = z
  .string({ error: 'expected the Terminal API key as text' })
  .regex(/^[\x21-\x7E]{8,500}$/, { error: 'expected the Terminal API key as issued: 8 to 500 characters, no spaces' });

/** The provisioning file, checked field by field; unknown fields (a credential) are refused. */
export const provisioningSchema = z
  .strictObject({
    version: z.union([z.literal(1), z.literal(2), z.literal(3)], {
      error: 'expected 1, 2 or 3 (this Lanepoint reads provisioning files of versions 1 to 3)',
    }),
    merchantId: z
      .string({ error: 'expected the gateway merchant id as text' })
      .regex(/^[\x21-\x7E]{1,16}$/, { error: 'expected a merchant id of 1 to 16 characters, no spaces' }),
    gatewayUrl: z
      .string({ error: 'expected the gateway URL as text' })
      .refine((text) => URL.canParse(text), { error: 'expected an absolute URL, e.g. https://host/cardconnect/rest' }),
    dbaName: z.string({ error: 'expected the store\u2019s name as text' }).max(100),
    hub: z
      .strictObject({
        url: z.string({ error: 'expected the hub URL as text' }).refine((text) => URL.canParse(text), {
          error: 'expected an absolute URL, e.g. https://hub.example:8713',
        }),
        laneId: z
          .string({ error: 'expected the lane id as text' })
          .regex(/^[A-Za-z0-9-]{1,40}$/, { error: 'expected 1 to 40 letters, digits or dashes' }),
        key: z.string({ error: 'expected the lane key as text' }).regex(/^lpk_[A-Za-z0-9-]{1,40}_[A-Za-z0-9_-]{43}$/, {
          error: 'expected a lane key, lpk_<lane id>_<secret>',
        }),
      })
      .optional(),
    payments: z
      .strictObject({
        device: z.enum(paymentDevices, { error: 'expected reader or integrated-terminal' }),
      })
      .optional(),
    integratedTerminal: z
      .strictObject({
        baseUrl: terminalFields.baseUrl.unwrap(),
        merchantId: terminalFields.merchantId.unwrap(),
        hsn: terminalFields.hsn.unwrap(),
        apiKey: terminalApiKeySchema,
      })
      .optional(),
  })
  .superRefine((file, context) => {
    if (file.hub && file.version === 1)
      context.addIssue({ code: 'custom', path: ['hub'], message: 'needs version 2 (version 1 files have no hub)' });
    for (const key of ['payments', 'integratedTerminal'] as const)
      if (file[key] && file.version !== 3)
        context.addIssue({ code: 'custom', path: [key], message: 'needs version 3 (older files take no terminal)' });
    const device = file.payments?.device ?? 'reader';
    if (file.integratedTerminal && device !== 'integrated-terminal')
      context.addIssue({
        code: 'custom',
        path: ['payments', 'device'],
        message: 'must be integrated-terminal when the file names an integrated terminal',
      });
    if (device === 'integrated-terminal' && !file.integratedTerminal)
      context.addIssue({
        code: 'custom',
        path: ['integratedTerminal'],
        message: 'required when payments.device is integrated-terminal',
      });
    if (file.integratedTerminal)
      for (const { key, message } of integratedTerminalSettingIssues(device, file.integratedTerminal, false))
        context.addIssue({ code: 'custom', path: ['integratedTerminal', key], message });
    if (file.hub && !file.hub.key.startsWith(`lpk_${file.hub.laneId}_`))
      context.addIssue({ code: 'custom', path: ['hub', 'key'], message: 'is the key of another lane than hub.laneId' });
  });

/** What a lane is given for a boarded application; refused (naming why) unless BOARDED. */
export function provisioningFor(application: ApplicationSummary, gatewayUrl: string): LaneProvisioning {
  if (application.gatewayStatus !== 'BOARDED' || !application.gatewayMerchantId)
    throw new LaneError(
      'refused',
      `Merchant ${application.merchantId} is not boarded to the gateway yet (gateway status ${application.gatewayStatus}, boarding ${application.status}): lanes can be provisioned once it is BOARDED.`,
    );
  if (gatewayUrl === '')
    throw new LaneError(
      'refused',
      'No gateway URL is set for lanes: enter it in the back office\u2019s settings (gatewayUrl).',
      'gatewayUrl',
    );
  return { version: 1, merchantId: application.gatewayMerchantId, gatewayUrl, dbaName: application.dbaName };
}

/**
 * Writes the merchant id and gateway URL (and, from a version 2 file, the hub's URL and lane id;
 * from a version 3 file, `payments.device` and the integrated terminal's site, merchant id and
 * HSN) into the lane settings in `laneHome`, keeping every other setting as the file has it;
 * checked by the lane's own schema first. The hub's key goes to the lane's secret store
 * (`hub.key`), the Terminal API key under `integrated-terminal.api-key`, never to
 * settings.json. Returns the settings file.
 */
export async function applyProvisioning(
  laneHome: string,
  provisioning: LaneProvisioning,
  secrets: SecretStore = createFileSecretStore(laneHome),
): Promise<string> {
  const file = settingsPath(laneHome);
  const settings = readSettingsFile(file);
  const section = (name: string) =>
    typeof settings[name] === 'object' && settings[name] !== null ? (settings[name] as object) : {};
  const terminal = provisioning.integratedTerminal;
  try {
    saveSettings(laneHome, {
      ...settings,
      merchantId: provisioning.merchantId,
      gateway: { ...section('gateway'), url: provisioning.gatewayUrl },
      ...(provisioning.hub ? { hub: { url: provisioning.hub.url, laneId: provisioning.hub.laneId } } : {}),
      ...(provisioning.payments ? { payments: { ...section('payments'), device: provisioning.payments.device } } : {}),
      ...(terminal
        ? { integratedTerminal: { baseUrl: terminal.baseUrl, merchantId: terminal.merchantId, hsn: terminal.hsn } }
        : {}),
    } as Parameters<typeof saveSettings>[1]);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    const issue = error.issues[0];
    throw new LaneError(
      'refused',
      `The lane settings in ${file} refuse this provisioning: ${issue?.setting ?? '(settings)'}: ${issue?.reason ?? 'invalid'}`,
      issue?.setting,
    );
  }
  if (provisioning.hub) await secrets.set('hub.key', provisioning.hub.key);
  if (terminal) await secrets.set(integratedTerminalApiKeyName, terminal.apiKey);
  return file;
}

/** Reads and checks a provisioning file; a wrong one is refused naming the field. */
export function readProvisioningFile(path: string): LaneProvisioning {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new KindedError(
      'damaged',
      code ? `${path} cannot be read (${code})` : `${path} is not JSON: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  const result = provisioningSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const keys = 'keys' in issue && Array.isArray(issue.keys) ? issue.keys.join(', ') : '';
    const field = issue.path.join('.') || keys || '(file)';
    const reason = keys ? 'is not a provisioning field (a provisioning file never holds credentials)' : issue.message;
    throw new KindedError('invalid', `${path}: ${field}: ${reason}`);
  }
  return result.data;
}
