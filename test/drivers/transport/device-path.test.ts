import { mkdirSync, symlinkSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceFileRefusal, type DevicePathFileSystem } from '../../../drivers/transport/device-path';
import { PtyPair } from '../../support/pty-pair';
import { freshFolder } from '../../src-main/lane/config/folders';

const pairs: PtyPair[] = [];
afterEach(async () => {
  await Promise.all(pairs.splice(0).map((pair) => pair.stop()));
});

/** A file system where every path is what `kind` says, at the path itself. */
function fileSystemOf(kind: 'file' | 'block' | 'char'): DevicePathFileSystem {
  const stats = {
    isFile: () => kind === 'file',
    isDirectory: () => false,
    isFIFO: () => false,
    isSocket: () => false,
    isBlockDevice: () => kind === 'block',
    isCharacterDevice: () => kind === 'char',
  } as Stats;
  return { realpath: (path) => path, stat: () => stats };
}

describe('deviceFileRefusal on Linux and macOS', () => {
  it('accepts a character device in /dev, and a link that leads to one (a socat pseudo-terminal)', async () => {
    expect(deviceFileRefusal('/dev/null', { platform: 'linux' })).toBeUndefined();
    const pair = await new PtyPair().start();
    pairs.push(pair);
    expect(deviceFileRefusal(pair.host, { platform: 'linux' })).toBeUndefined();
  });

  it('refuses a regular file, naming the path and where devices are', () => {
    const folder = freshFolder('device-path');
    const file = join(folder, 'secrets.json');
    writeFileSync(file, '{}');
    expect(deviceFileRefusal(file, { platform: 'linux' })).toBe(
      `"${file}" is not in /dev, /dev/usb, /dev/pts; a printer's device file is there, e.g. /dev/usb/lp0`,
    );
  });

  it('refuses a link to a regular file, saying where it leads', () => {
    const folder = freshFolder('device-path');
    const file = join(folder, 'settings.json');
    writeFileSync(file, '{}');
    const link = join(folder, 'lp0');
    symlinkSync(file, link);
    expect(deviceFileRefusal(link, { platform: 'linux' })).toMatch(
      new RegExp(`^"${link}" \\(which leads to .*settings\\.json\\) is not in /dev`),
    );
  });

  it('refuses what is not a character device even inside /dev', () => {
    expect(deviceFileRefusal('/dev/usb/lp0', { platform: 'linux', fs: fileSystemOf('file') })).toBe(
      `"/dev/usb/lp0" is a regular file, not a printer's device node; expected a character device such as /dev/usb/lp0`,
    );
    expect(deviceFileRefusal('/dev/sda', { platform: 'linux', fs: fileSystemOf('block') })).toMatch(
      /^"\/dev\/sda" is a block device \(a disk\), not a printer's device node/,
    );
    expect(deviceFileRefusal('/dev/usb/lp0', { platform: 'linux', fs: fileSystemOf('char') })).toBeUndefined();
  });

  it('refuses a folder in /dev, a relative path, and a path that climbs out of /dev', () => {
    expect(deviceFileRefusal('/dev/pts', { platform: 'linux' })).toMatch(/^"\/dev\/pts" is a folder, not a printer's/);
    expect(deviceFileRefusal('lp0', { platform: 'linux' })).toBe(
      '"lp0" is not an absolute path; expected a device such as /dev/usb/lp0',
    );
    expect(deviceFileRefusal('/dev/usb/../../etc/lanepoint-none', { platform: 'linux' })).toMatch(
      /is not in \/dev, \/dev\/usb, \/dev\/pts/,
    );
  });

  it('lets a missing device in /dev through only when asked to (a printer unplugged while saving)', () => {
    expect(deviceFileRefusal('/dev/usb/lp97', { platform: 'linux' })).toBe(
      '"/dev/usb/lp97" does not exist; is the printer plugged in and switched on?',
    );
    expect(deviceFileRefusal('/dev/usb/lp97', { platform: 'linux', allowMissing: true })).toBeUndefined();
    const folder = freshFolder('device-path');
    mkdirSync(join(folder, 'usb'));
    expect(deviceFileRefusal(join(folder, 'usb', 'lp0'), { platform: 'linux', allowMissing: true })).toMatch(
      /is not in \/dev/,
    );
  });
});

describe('deviceFileRefusal on Windows', () => {
  it.each(['COM3', 'com12', 'LPT1', '\\\\.\\COM10', '\\\\.\\USB001'])('accepts the port name %s', (name) => {
    expect(deviceFileRefusal(name, { platform: 'win32' })).toBeUndefined();
  });

  it.each(['C:\\ProgramData\\Lanepoint\\secrets.json', '\\\\.\\PhysicalDrive0', '\\\\server\\share\\lp', 'COM'])(
    'refuses %s',
    (name) => {
      expect(deviceFileRefusal(name, { platform: 'win32' })).toBe(
        `"${name}" is not a printer port; expected a name such as COM3, LPT1 or \\\\.\\USB001`,
      );
    },
  );
});
