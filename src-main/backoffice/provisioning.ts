/**
 * Provisioning a lane with a boarded merchant: the merchant id and the gateway URL go into the
 * lane's settings.json, never credentials (the service does not hand them out; the operator
 * enters them in the lane's Settings). The same shape is the file `lanepoint provision` reads.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { readSettingsFile, saveSettings, settingsPath, SettingsError } from '../lane/config/settings';
import { LaneError } from '../lane/errors';
import type { ApplicationSummary } from './contract/applications';
import type { LaneProvisioning } from './contract/provision';
import { KindedError } from '../platform/errors';

/** The provisioning file, checked field by field; unknown fields (a credential) are refused. */
export const provisioningSchema = z.strictObject({
  version: z.literal(1, { error: 'expected 1 (this Lanepoint reads provisioning files of version 1)' }),
  merchantId: z
    .string({ error: 'expected the gateway merchant id as text' })
    .regex(/^[\x21-\x7E]{1,16}$/, { error: 'expected a merchant id of 1 to 16 characters, no spaces' }),
  gatewayUrl: z
    .string({ error: 'expected the gateway URL as text' })
    .refine((text) => URL.canParse(text), { error: 'expected an absolute URL, e.g. https://host/cardconnect/rest' }),
  dbaName: z.string({ error: 'expected the store\u2019s name as text' }).max(100),
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
 * Writes the merchant id and gateway URL into the lane settings in `laneHome`, keeping every
 * other setting as the file has it; checked by the lane's own schema first. Returns the file.
 */
export function applyProvisioning(laneHome: string, provisioning: LaneProvisioning): string {
  const file = settingsPath(laneHome);
  const settings = readSettingsFile(file);
  const gateway = typeof settings.gateway === 'object' && settings.gateway !== null ? settings.gateway : {};
  try {
    saveSettings(laneHome, {
      ...settings,
      merchantId: provisioning.merchantId,
      gateway: { ...gateway, url: provisioning.gatewayUrl },
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
