import type { Settings } from '../config/settings';
import type { SecretStore } from '../config/secrets';
import { createGatewayClient } from '../gateway/client';
import type { LinkReport } from '../gateway/client-settings';
import type { GatewayAccess } from '../terminal/terminal';
import { LaneError } from '../errors';

/**
 * The live gateway: its URL and the merchant id from the settings, the credentials from the
 * secret store. What is missing is named, so store IT knows what to enter.
 */
export async function liveGateway(
  settings: Settings,
  secrets: SecretStore | undefined,
  link?: LinkReport,
): Promise<GatewayAccess> {
  const missing: string[] = [];
  if (settings.gateway.url === '') missing.push('the gateway URL (setting gateway.url)');
  if (settings.merchantId === '') missing.push('the merchant id (setting merchantId)');
  const username = await secrets?.get('gateway.username');
  const password = await secrets?.get('gateway.password');
  if (!username || !password) missing.push('the gateway credentials (secrets gateway.username and gateway.password)');
  if (missing.length > 0)
    throw new LaneError(
      'refused',
      `Live sales need ${missing.join(', ')}: enter them under Settings, or use training mode.`,
    );
  const client = createGatewayClient({
    baseUrl: settings.gateway.url,
    credentials: { level: 'site', username: username!, password: password! },
    ...(link ? { link } : {}),
  });
  return { client, merchid: settings.merchantId };
}
