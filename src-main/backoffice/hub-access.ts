/**
 * Where the back office's hub client comes from: the hub URL in its settings and the hub's
 * admin key in its secret store (never settings.json, never the renderer, never a log). The
 * client is made on first use and kept until the URL or the key changes.
 */
import type { SecretStore } from '../lane/config/secrets';
import { LaneError } from '../lane/errors';
import type { Clock } from '../platform/clock';
import type { Logger } from '../platform/log/logger';
import { createHubClient, type HubClient } from './hub-client';

/** The secret store's name for the hub's admin key. */
export const hubAdminKeyName = 'hub.admin-key';

export interface HubAccess {
  /** The client for the current URL and key; refused (naming what to enter) when either is missing. */
  client(): Promise<HubClient>;
  /** The URL changed: the next call makes a new client. */
  reset(): void;
  /** Whether the admin key is stored (never the key). */
  adminKeySet(): Promise<boolean>;
  storeAdminKey(adminKey: string): Promise<void>;
}

export function createHubAccess(options: {
  url: () => string;
  secrets: SecretStore;
  clock: Clock;
  logger: Logger;
  fetch?: typeof fetch;
}): HubAccess {
  const { secrets, logger } = options;
  let client: HubClient | undefined;
  return {
    async client() {
      if (client) return client;
      const url = options.url();
      if (url === '')
        throw new LaneError(
          'refused',
          'No store hub is set: enter its address (hubUrl) under Credentials, Store hub.',
          'hubUrl',
        );
      const adminKey = await secrets.get(hubAdminKeyName);
      if (!adminKey)
        throw new LaneError(
          'refused',
          'The hub\u2019s admin key is not stored: enter it under Credentials, Store hub (print it with \u201clanepoint hub --admin-key\u201d on the hub\u2019s machine).',
          'adminKey',
        );
      client = createHubClient({
        url,
        adminKey,
        clock: options.clock,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      return client;
    },
    reset() {
      client = undefined;
    },
    async adminKeySet() {
      return Boolean(await secrets.get(hubAdminKeyName));
    },
    async storeAdminKey(adminKey) {
      await secrets.set(hubAdminKeyName, adminKey);
      client = undefined;
      logger.info('store hub admin key stored');
    },
  };
}
