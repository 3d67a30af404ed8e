import { readSettingsFile, saveSettings, settingsPath, SettingsError, type Settings } from '../config/settings';
import type { SettingsFile } from '../config/settings-service';
import { KindedError } from '../../platform/errors';

/**
 * The lane settings a store's hub may push (ADR 081): the store's policy, staff and selling
 * rules. Never what makes the lane this lane or moves money elsewhere: the gateway, the merchant
 * id, the hub itself, devices, the journals' record, the mail and SMS servers, the wallet.
 * `now`: the running lane takes it at once (its parts read the live settings); `restart`: saved, used at the next start.
 */
export const pushableSettings: Readonly<Record<string, 'now' | 'restart'>> = {
  staff: 'now',
  payments: 'now',
  surcharge: 'now',
  signature: 'now',
  kiosk: 'restart',
  offline: 'restart',
};

/** A push the lane refuses: the reason names the field and why. */
export class PushRefused extends KindedError<'refused'> {
  override readonly name = 'PushRefused';

  constructor(readonly reason: string) {
    super('refused', reason);
  }
}

/** "kiosk.taxRates.2.basisPoints" → "kiosk.taxRates[2].basisPoints". */
const fieldPath = (setting: string) => setting.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/** The pushed document's settings, or a refusal naming what is wrong with its shape or keys. */
export function pushedSettings(document: unknown): Record<string, unknown> {
  const settings =
    document !== null && typeof document === 'object' ? (document as { settings?: unknown }).settings : undefined;
  if (settings === null || typeof settings !== 'object' || Array.isArray(settings))
    throw new PushRefused('settings: expected an object of lane settings ({ settings: { … } })');
  const refused = Object.keys(settings).find((key) => !Object.hasOwn(pushableSettings, key));
  if (refused !== undefined)
    throw new PushRefused(
      `${refused}: not a setting the hub may push (it may push ${Object.keys(pushableSettings).join(', ')})`,
    );
  return settings as Record<string, unknown>;
}

/**
 * Applies push `version` to the lane as a Settings-screen save does: the pushed sections replace
 * the file's, the whole file is checked by the lane's own schema (so a bad value refuses the whole
 * push, naming the field: "kiosk.taxRates[2].basisPoints: expected an integer from 0 to 10000"),
 * written atomically with the version it now runs, and the sections a running lane reads live are
 * taken up at once (not those a `LANEPOINT_*` variable overrides). Throws PushRefused.
 */
export function applySettingsPush(
  live: Settings,
  file: SettingsFile,
  version: number,
  document: unknown,
): { readonly restartNeeded: string[] } {
  const pushed = pushedSettings(document);
  const current = readSettingsFile(settingsPath(file.appDataDir));
  const hub = typeof current.hub === 'object' && current.hub !== null ? current.hub : {};
  let saved: Settings;
  try {
    saved = saveSettings(file.appDataDir, {
      ...current,
      ...pushed,
      hub: { ...hub, settingsVersion: version },
    } as Parameters<typeof saveSettings>[1]);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    const [issue] = error.issues;
    throw new PushRefused(`${fieldPath(issue?.setting ?? 'settings')}: ${issue?.reason ?? 'not a valid value'}`);
  }
  const restartNeeded: string[] = [];
  const overridden = (key: string) => Object.keys(file.sources).some((name) => name.split('.')[0] === key);
  for (const key of Object.keys(pushed)) {
    if (overridden(key)) continue;
    if (pushableSettings[key] === 'restart') restartNeeded.push(key);
    else (live as unknown as Record<string, unknown>)[key] = (saved as unknown as Record<string, unknown>)[key];
  }
  (live.hub as { settingsVersion?: number }).settingsVersion = version;
  return { restartNeeded };
}
