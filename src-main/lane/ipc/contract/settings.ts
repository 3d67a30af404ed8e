/** The Settings screen: the settings a manager may change, and the live gateway's credentials. */
import { z } from 'zod';
import { managerPin, noArgs } from './schemas';
import { command } from './spec';

/** The settings a manager may change from the Settings screen, by their path in settings.json. */
export const editableSettings = [
  'merchantId',
  'gateway.url',
  'terminalId',
  'mode',
  'training',
  'payments.device',
  'payments.tips',
  'payments.forcedCredit',
  'payments.ach',
  'payments.cardTimeoutSeconds',
  'payments.confirmAboveMinor',
  'wallet.enabled',
  'offline.enabled',
  'signature.policy',
  'signature.capture',
  'signature.allowSkip',
  'staff.refundLimitMinor',
  'kiosk.idleResetSeconds',
  'printer.profile',
  // The device lists, as JSON text (their shapes are in README, "Settings").
  'devices',
  'signaturePads',
  'printers',
] as const;
export type EditableSetting = (typeof editableSettings)[number];
export type SettingValue = string | number | boolean;

/** The Settings screen's view: values, where they come from, what waits for a restart; never a secret. */
export interface SettingsView {
  readonly values: Readonly<Record<EditableSetting, SettingValue>>;
  /** The choices of the settings that have a fixed set of them. */
  readonly choices: Readonly<Partial<Record<EditableSetting, readonly string[]>>>;
  /** Settings an environment variable overrides (setting → variable): saving them changes the file only. */
  readonly overridden: Readonly<Partial<Record<EditableSetting, string>>>;
  /** Saved settings that take effect when Lanepoint restarts. */
  readonly restartNeeded: readonly EditableSetting[];
  /** The gateway user name when one is stored, and whether a password is; never the password. */
  readonly credentials: { readonly username: string | null; readonly passwordSet: boolean };
}

export const settingsCommands = {
  'settings.get': command<SettingsView>()('The settings the Settings screen shows and edits.', noArgs),
  'settings.update': command<SettingsView>()(
    'Checks and saves changed settings (a manager\u2019s); a wrong value fails naming the setting in `field`.',
    z
      .object({
        changes: z
          .partialRecord(
            z.enum(editableSettings, { error: 'not a setting the Settings screen changes' }),
            z.union([z.string().max(2048), z.number(), z.boolean()]),
          )
          .refine((changes) => Object.keys(changes).length > 0, { error: 'nothing to change' }),
        managerPin,
      })
      .strict(),
  ),
  'settings.setCredentials': command<SettingsView>()(
    'Stores the live gateway\u2019s user name and password in the secret store (a manager\u2019s).',
    z
      .object({
        username: z.string().min(1, { error: 'the gateway user name is empty' }).max(64),
        password: z.string().min(1, { error: 'the gateway password is empty' }).max(128),
        managerPin,
      })
      .strict(),
  ),
  'settings.testCredentials': command<{ readonly ok: boolean; readonly message: string }>()(
    'Signs in to the gateway with the stored credentials and asks about the merchant: what a live sale would meet.',
    noArgs,
  ),
} as const;
