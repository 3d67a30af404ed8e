import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveSettings, settingsPath } from '../../../../src-main/lane/config/settings';
import { freshFolder, posix, settingsErrorOf } from './folders';

const printerAt = (deviceFile: string) => ({ training: false, printers: [{ id: 'usb', deviceFile }] });

const refusalOf = settingsErrorOf;

describe.runIf(posix)('saveSettings: a printer\u2019s device file', () => {
  it('refuses the lane\u2019s own secrets.json, saying what it is and where, and writes nothing', () => {
    const dir = freshFolder('device-files');
    const secrets = join(dir, 'secrets.json');
    writeFileSync(secrets, '{}');
    const error = refusalOf(() => saveSettings(dir, printerAt(secrets)));
    expect(error.setting).toBe('printers.0.deviceFile');
    expect(error.message).toBe(
      `Invalid setting: printers.0.deviceFile: "${secrets}" is not in /dev, /dev/usb, /dev/pts; a printer's device file is there, e.g. /dev/usb/lp0. It is inside the lane's own folder (${dir}), where its settings and secrets are kept.`,
    );
    expect(existsSync(settingsPath(dir))).toBe(false);
  });

  it('refuses a link in /tmp that leads to a regular file', () => {
    const dir = freshFolder('device-files');
    const target = join(dir, 'journal.sqlite');
    writeFileSync(target, '');
    const link = join(freshFolder('device-files-link'), 'lp0');
    symlinkSync(target, link);
    expect(refusalOf(() => saveSettings(freshFolder('device-files'), printerAt(link))).message).toMatch(
      /printers\.0\.deviceFile: ".*lp0" \(which leads to .*journal\.sqlite\) is not in \/dev/,
    );
  });

  it('saves a character device, and one that is not plugged in yet', () => {
    const dir = freshFolder('device-files');
    saveSettings(dir, printerAt('/dev/null'));
    saveSettings(dir, printerAt('/dev/usb/lp96'));
    expect(JSON.parse(readFileSync(settingsPath(dir), 'utf8'))).toMatchObject(printerAt('/dev/usb/lp96'));
  });
});
