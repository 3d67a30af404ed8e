/**
 * The back office's way to the Integrated Terminal API (ADR 085): the API key in its secret
 * store (never settings.json, never the renderer, never a log), and the terminals the service
 * lists for a merchant, asked over HTTP with the lane's own Terminal API client. The site and
 * merchant id are the manager's, given with each request, and checked by the lane's settings
 * schema so that what is listed is what a lane would accept.
 */
import type { SecretStore } from '../lane/config/secrets';
import {
  integratedTerminalApiKeyName,
  integratedTerminalSettingsSchema,
} from '../lane/config/integrated-terminal-settings';
import { LaneError } from '../lane/errors';
import { createTerminalClient } from '../lane/integrated-terminal/client';
import { TerminalError } from '../lane/integrated-terminal/errors';
import type { Clock } from '../platform/clock';
import { KindedError } from '../platform/errors';
import type { Logger } from '../platform/log/logger';

/** The back office's secret store names the Terminal API key as the lane's does. */
export const terminalApiKeyName = integratedTerminalApiKeyName;

/** The Terminal API's site root and the merchant id its terminals are boarded under. */
export interface TerminalSite {
  readonly baseUrl: string;
  readonly merchantId: string;
}

/** A terminal as the service lists it (details from terminalDetails when it names the HSN). */
export interface ListedTerminal {
  readonly hsn: string;
  readonly name: string;
  readonly deviceType: string;
  readonly connected: boolean | null;
}

/** Why the Terminal API could not list the terminals; `field` names what the manager should fix. */
export class TerminalSiteError extends KindedError<'refused-key' | 'unreachable' | 'refused'> {
  override readonly name = 'TerminalSiteError';
}

export interface TerminalAccess {
  /** Whether the API key is stored (never the key). */
  apiKeySet(): Promise<boolean>;
  storeApiKey(apiKey: string): Promise<void>;
  /** The stored key, for a lane's provisioning file; refused (field `apiKey`) when none is stored. */
  apiKey(): Promise<string>;
  /** The terminals the service lists for the site's merchant, in its order. */
  terminals(site: TerminalSite): Promise<ListedTerminal[]>;
}

/**
 * Checks a site (and an HSN) with the lane's `integratedTerminal` settings schema; a bad value
 * is refused naming `<prefix><field>`, the argument's own path.
 */
export function checkTerminalSite(site: TerminalSite & { hsn?: string }, prefix = ''): void {
  const result = integratedTerminalSettingsSchema.safeParse(site);
  if (result.success) return;
  const issue = result.error.issues[0]!;
  const field = `${prefix}${issue.path.join('.')}`;
  throw new LaneError('invalid', `${field}: ${issue.message}`, field);
}

export function createTerminalAccess(options: {
  secrets: SecretStore;
  clock: Clock;
  logger: Logger;
  fetch?: typeof fetch;
}): TerminalAccess {
  const { secrets, logger } = options;
  const apiKey = async (): Promise<string> => {
    const key = await secrets.get(terminalApiKeyName);
    if (!key)
      throw new LaneError(
        'refused',
        'The Integrated Terminal API key is not stored: enter the key the processor issued for the merchant\u2019s terminals.',
        'apiKey',
      );
    return key;
  };

  /** The client's failures in the manager's words, naming the site. */
  const siteError = (site: TerminalSite, error: TerminalError): TerminalSiteError => {
    const at = `The Terminal API at ${site.baseUrl}`;
    switch (error.kind) {
      case 'unauthorized':
        return new TerminalSiteError(
          'refused-key',
          `${at} refused the API key for merchant ${site.merchantId}: check the merchant id, or enter the key issued for it (${error.errorMessage ?? `HTTP ${error.status}`}).`,
          { cause: error },
        );
      case 'not-sent':
      case 'outcome-unknown':
        return new TerminalSiteError('unreachable', `${at} did not answer: check its address (${error.message}).`, {
          cause: error,
        });
      default:
        return new TerminalSiteError('refused', `${at} could not list the terminals: ${error.message}`, {
          cause: error,
        });
    }
  };

  return {
    async apiKeySet() {
      return Boolean(await secrets.get(terminalApiKeyName));
    },
    async storeApiKey(key) {
      await secrets.set(terminalApiKeyName, key);
      logger.info('integrated terminal API key stored');
    },
    apiKey,
    async terminals(site) {
      checkTerminalSite(site);
      const client = createTerminalClient({
        baseUrl: site.baseUrl,
        merchantId: site.merchantId,
        apiKey: await apiKey(),
        clock: options.clock,
        logger,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      try {
        // listTerminals is the service's word on which HSNs are the merchant's; terminalDetails adds names.
        const hsns = await client.listTerminals();
        const details = new Map((await client.terminalDetails()).map((detail) => [detail.hsn, detail]));
        return hsns.map((hsn) => {
          const detail = details.get(hsn);
          return {
            hsn,
            name: detail?.name ?? '',
            deviceType: detail?.deviceType ?? '',
            connected: detail?.connected ?? null,
          };
        });
      } catch (error) {
        if (error instanceof TerminalError) throw siteError(site, error);
        throw error;
      }
    },
  };
}
