import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Gateway credentials and other secrets. They live only in the main process: never in
 * settings.json, never sent to the renderer, never logged.
 */
export interface SecretStore {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  names(): Promise<string[]>;
}

/** What the Electron shell adapts `safeStorage` to: the OS keychain's encryption. */
export interface SecretCipher {
  isAvailable(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}

const secretName = /^[a-z0-9][a-z0-9.-]{0,63}$/;

function checkName(name: string): void {
  if (!secretName.test(name)) {
    throw new Error(`Invalid secret name "${name.slice(0, 64)}": use lower-case letters, digits, dots and dashes`);
  }
}

/** Writes a file readable by its owner only, atomically (temp file, fsync, rename). */
function writePrivateFile(file: string, data: Buffer | string): void {
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A store over one serialized map, loaded and saved whole: secrets are few and small. */
function mapStore(load: () => Record<string, string>, save: (map: Record<string, string>) => void): SecretStore {
  return {
    async get(name) {
      checkName(name);
      return Object.hasOwn(load(), name) ? load()[name] : undefined;
    },
    async set(name, value) {
      checkName(name);
      save({ ...load(), [name]: value });
    },
    async delete(name) {
      checkName(name);
      const { [name]: _gone, ...rest } = load();
      save(rest);
    },
    async names() {
      return Object.keys(load()).sort();
    },
  };
}

function parseMap(text: string, file: string): Record<string, string> {
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`${file} does not hold a secret map`);
  }
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => typeof value === 'string')) as Record<
    string,
    string
  >;
}

export interface FileSecretStoreOptions {
  /** Told when the file was readable by others and has been tightened to 0600. */
  readonly onWarning?: (message: string) => void;
  readonly platform?: NodeJS.Platform;
}

/**
 * The Node host's store: `secrets.json` in the app-data folder, mode 0600 from the moment it
 * is created. A file found readable by group or others is tightened before it is read.
 */
export function createFileSecretStore(appDataDir: string, options: FileSecretStoreOptions = {}): SecretStore {
  const file = join(appDataDir, 'secrets.json');
  const posix = (options.platform ?? process.platform) !== 'win32';
  const load = () => {
    if (posix) {
      const mode = statSync(file, { throwIfNoEntry: false })?.mode;
      if (mode !== undefined && (mode & 0o077) !== 0) {
        chmodSync(file, 0o600);
        options.onWarning?.(`${file} was readable by other users (mode ${(mode & 0o777).toString(8)}); now 0600`);
      }
    }
    const data = readIfPresent(file);
    return data ? parseMap(data.toString('utf8'), file) : {};
  };
  return mapStore(load, (map) => writePrivateFile(file, `${JSON.stringify(map, null, 2)}\n`));
}

/**
 * The Electron app's store: the map encrypted with the OS keychain's key (`safeStorage`),
 * in `secrets.bin`. Refuses to work when the keychain cannot encrypt, rather than storing
 * secrets in the clear behind the operator's back.
 */
export function createEncryptedSecretStore(appDataDir: string, cipher: SecretCipher): SecretStore {
  if (!cipher.isAvailable()) {
    throw new Error('The OS keychain cannot encrypt secrets on this machine (safeStorage is unavailable).');
  }
  const file = join(appDataDir, 'secrets.bin');
  const load = () => {
    const data = readIfPresent(file);
    return data ? parseMap(cipher.decrypt(data), file) : {};
  };
  return mapStore(load, (map) => writePrivateFile(file, cipher.encrypt(JSON.stringify(map))));
}
