import { realpathSync } from 'node:fs';
import { relative, isAbsolute, resolve } from 'node:path';
import { deviceFileRefusal } from '../../../drivers/transport/device-path';
import type { Settings } from './schema';
import type { SettingIssue } from '../../platform/settings-error';

/** True when `path` is `folder` or inside it, after links (where they can be followed). */
function isInside(path: string, folder: string): boolean {
  const real = (candidate: string) => {
    try {
      return realpathSync(candidate);
    } catch {
      return resolve(candidate);
    }
  };
  const between = relative(real(folder), real(path));
  return between === '' || (!between.startsWith('..') && !isAbsolute(between));
}

/**
 * The printers whose `deviceFile` is not a device node (drivers/transport/device-path.ts): a
 * regular file, a link to one, a folder, a path outside the device folders. A device that is
 * not there now is let through (a printer unplugged while settings are saved); opening it
 * checks again. A path inside the lane's own folder is said to be so: that is where its
 * settings, secrets and journal live.
 */
export function deviceFileIssues(settings: Settings, appDataDir: string): SettingIssue[] {
  return settings.printers.flatMap((printer, index): SettingIssue[] => {
    if (!('deviceFile' in printer)) return [];
    const refusal = deviceFileRefusal(printer.deviceFile, { allowMissing: true });
    if (!refusal) return [];
    const own = isInside(printer.deviceFile, appDataDir)
      ? ` It is inside the lane's own folder (${appDataDir}), where its settings and secrets are kept.`
      : '';
    return [{ setting: `printers.${index}.deviceFile`, source: { kind: 'value' }, reason: `${refusal}.${own}` }];
  });
}
