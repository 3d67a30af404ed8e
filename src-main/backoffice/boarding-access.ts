/**
 * Where the back office's boarding client comes from: training's emulator and its credentials,
 * or the configured URL with the reseller's credentials from the secret store. The client
 * secret and the password go from the store into the client and nowhere else.
 */
import { createBoardingClient, type BoardingClient } from './boarding/client';
import type { BoardingCredentials } from './boarding/settings';
import type { SecretStore } from '../lane/config/secrets';
import { LaneError } from '../lane/errors';
import type { Logger } from '../platform/log/logger';
import type { BackofficeSettings } from './settings';

/** The secret store's names for the reseller's API user and registration. */
export const credentialNames = {
  username: 'boarding.username',
  password: 'boarding.password',
  clientId: 'boarding.client-id',
  clientSecret: 'boarding.client-secret',
} as const satisfies Record<keyof BoardingCredentials, string>;

export interface BoardingAccess {
  /** The client for the current settings and credentials (made on first use, kept until they change). */
  client(): Promise<BoardingClient>;
  /** Settings or credentials changed: the next call makes a new client. */
  reset(): void;
  /** The stored credentials without the secrets: whether all are set, the user and client id. */
  describe(): Promise<{ set: boolean; apiUser: string | null; clientId: string | null }>;
  store(credentials: BoardingCredentials): Promise<void>;
}

export function createBoardingAccess(options: {
  settings: () => BackofficeSettings;
  secrets: SecretStore;
  logger: Logger;
  /** Training: the emulator's URL and the credentials it accepts, used instead of the store's. */
  training?: { boardingUrl: string; credentials: BoardingCredentials } | undefined;
}): BoardingAccess {
  const { secrets, training, logger } = options;
  let client: BoardingClient | undefined;

  const stored = async (): Promise<Partial<BoardingCredentials>> => ({
    username: await secrets.get(credentialNames.username),
    password: await secrets.get(credentialNames.password),
    clientId: await secrets.get(credentialNames.clientId),
    clientSecret: await secrets.get(credentialNames.clientSecret),
  });

  return {
    async client() {
      if (client) return client;
      if (training) {
        client = createBoardingClient({ apiUrl: training.boardingUrl, credentials: training.credentials, logger });
        return client;
      }
      const { boardingUrl, authUrl } = options.settings();
      if (boardingUrl === '')
        throw new LaneError(
          'refused',
          'No boarding URL is set: enter it under the back office\u2019s settings.',
          'boardingUrl',
        );
      const credentials = await stored();
      const missing = (Object.keys(credentialNames) as (keyof BoardingCredentials)[]).filter(
        (name) => !credentials[name],
      );
      if (missing.length > 0)
        throw new LaneError(
          'refused',
          `The boarding API credentials are not all stored (missing ${missing.join(', ')}): enter them under the back office\u2019s settings.`,
          'credentials',
        );
      client = createBoardingClient({
        apiUrl: boardingUrl,
        ...(authUrl ? { authUrl } : {}),
        credentials: credentials as BoardingCredentials,
        logger,
      });
      return client;
    },
    reset() {
      client = undefined;
    },
    async describe() {
      if (training)
        return { set: true, apiUser: training.credentials.username, clientId: training.credentials.clientId };
      const credentials = await stored();
      return {
        set: Object.values(credentials).every(Boolean),
        apiUser: credentials.username ?? null,
        clientId: credentials.clientId ?? null,
      };
    },
    async store(credentials) {
      if (training)
        throw new LaneError(
          'refused',
          'Training uses the boarding emulator\u2019s own API user: credentials are stored for live boarding only.',
          'credentials',
        );
      for (const name of Object.keys(credentialNames) as (keyof BoardingCredentials)[])
        await secrets.set(credentialNames[name], credentials[name]);
      client = undefined;
      logger.info({ apiUser: credentials.username }, 'boarding API credentials stored');
    },
  };
}
