import { realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, posix } from 'node:path';

/**
 * The folders a printer's device file may live in (after symlinks are followed), on Linux and
 * macOS: `/dev` itself (`/dev/lp0`, `/dev/ttyS0`, macOS's `/dev/cu.*`), the USB printer class
 * (`/dev/usb/lp0`) and pseudo-terminals (`/dev/pts/3`, which a socat pair or a serial bridge
 * makes). A link elsewhere (`/dev/serial/by-id/…`, a socat `link=`) is fine when it leads here.
 */
export const deviceFolders: readonly string[] = ['/dev', '/dev/usb', '/dev/pts'];

/**
 * On Windows a device file is named, not found on disk: `COM3`, `LPT1`, or the same behind
 * `\\.\` (`\\.\COM10`, `\\.\USB001`). Only those names: `\\.\PhysicalDrive0` is a disk.
 */
const windowsDeviceName = /^(\\\\\.\\)?(COM\d{1,3}|LPT\d|USB\d{3})$/i;

/** What `deviceFileRefusal` reads of the file system; tests pass their own. */
export interface DevicePathFileSystem {
  realpath(path: string): string;
  stat(path: string): Stats;
}

const nodeFileSystem: DevicePathFileSystem = { realpath: (path) => realpathSync(path), stat: (path) => statSync(path) };

export interface DevicePathOptions {
  readonly platform?: NodeJS.Platform;
  readonly fs?: DevicePathFileSystem;
  /** A device that is not there yet (a printer unplugged while settings are saved) is accepted; at open it is not. */
  readonly allowMissing?: boolean;
}

/** What a path that is not a device is, in words. */
function whatItIs(stats: Stats): string {
  if (stats.isFile()) return 'a regular file';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isBlockDevice()) return 'a block device (a disk)';
  return 'not a character device';
}

/**
 * Why `path` cannot be a printer's device file, or undefined when it can: on Windows a port
 * name (`COM3`, `LPT1`, `\\.\USB001`); elsewhere an absolute path that leads (through any
 * links) to a character device in one of `deviceFolders`. So a settings file cannot send
 * receipts into a regular file, such as the lane's own `secrets.json`. The words name the
 * path and say what it is instead.
 */
export function deviceFileRefusal(path: string, options: DevicePathOptions = {}): string | undefined {
  const platform = options.platform ?? process.platform;
  if (platform === 'win32')
    return windowsDeviceName.test(path)
      ? undefined
      : `"${path}" is not a printer port; expected a name such as COM3, LPT1 or \\\\.\\USB001`;
  const fs = options.fs ?? nodeFileSystem;
  if (!posix.isAbsolute(path)) return `"${path}" is not an absolute path; expected a device such as /dev/usb/lp0`;
  const outside = (real: string) =>
    `"${path}"${real === path ? '' : ` (which leads to ${real})`} is not in ${deviceFolders.join(', ')}; a printer's device file is there, e.g. /dev/usb/lp0`;
  let real: string;
  try {
    real = fs.realpath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      return `"${path}" cannot be checked: ${(error as Error).message}`;
    const normal = posix.normalize(path);
    if (!deviceFolders.includes(dirname(normal))) return outside(normal);
    return options.allowMissing ? undefined : `"${path}" does not exist; is the printer plugged in and switched on?`;
  }
  if (!deviceFolders.includes(dirname(real))) return outside(real);
  const stats = fs.stat(real);
  if (!stats.isCharacterDevice())
    return `"${path}" is ${whatItIs(stats)}, not a printer's device node; expected a character device such as /dev/usb/lp0`;
  return undefined;
}
