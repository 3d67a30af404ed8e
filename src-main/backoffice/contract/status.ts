/** The back office itself: its state, where it boards, and the reseller's API credentials. */
import { z } from 'zod';
import type { ShellKind } from '../../lane/ipc/contract/app';
import { noArgs } from '../../lane/ipc/contract/schemas';
import { command } from '../../lane/ipc/contract/spec';
import { text } from './schemas';

/** What the status screen shows: never the password, the client secret or a token. */
export interface BackofficeStatus {
  readonly name: 'Lanepoint back office';
  readonly version: string;
  readonly shell: ShellKind;
  /** Training: the boarding emulator runs in this process and no real merchant is boarded. */
  readonly training: boolean;
  /** The boarding API root ('' when none is configured). */
  readonly boardingUrl: string;
  /** The auth root ('' when it is the API root). */
  readonly authUrl: string;
  /** The gateway URL a provisioned lane is given ('' when none is known yet). */
  readonly gatewayUrl: string;
  readonly credentials: {
    /** The API user, password, client id and client secret are all stored. */
    readonly set: boolean;
    /** The API user's name (not a secret), null when none is stored. */
    readonly apiUser: string | null;
    readonly clientId: string | null;
  };
  /** Training only: the templates and sales codes the emulator accepts, for the new-application form. */
  readonly trainingChoices: { readonly templateIds: readonly number[]; readonly salesCodes: readonly string[] } | null;
  /** The lane settings file `provision.thisLane` writes. */
  readonly laneSettingsFile: string;
  /** The store hub: its root ('' when none is set) and whether its admin key is stored (never the key). */
  readonly hub: { readonly url: string; readonly adminKeySet: boolean };
  /** Whether the Integrated Terminal API key is stored (never the key). */
  readonly integratedTerminal: { readonly apiKeySet: boolean };
}

const url = z.string().max(2000, { error: 'at most 2000 characters' });

export const statusCommands = {
  'backoffice.status': command<BackofficeStatus>()(
    'Training or live, where it boards, whether credentials are stored (never the secret).',
    noArgs,
  ),
  'backoffice.configure': command<BackofficeStatus>()(
    'Saves the boarding URL, the auth URL, the gateway URL lanes are given and the store hub\u2019s URL (live mode; training sets its own boarding).',
    z.strictObject({
      boardingUrl: url.optional(),
      authUrl: url.optional(),
      gatewayUrl: url.optional(),
      hubUrl: url.optional(),
    }),
  ),
  'credentials.set': command<BackofficeStatus>()(
    'Stores the reseller\u2019s API user, password, client id and client secret in the secret store.',
    z.strictObject({
      username: text(100),
      password: text(200),
      clientId: text(100).default('merchapi'),
      clientSecret: text(500),
    }),
  ),
} as const;
