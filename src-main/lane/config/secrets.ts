import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../platform/private-file';
import { KindedError } from '../../platform/errors';

/**
 * Gateway credentials and other secrets. They live only in the main process: never in
 * settings.json, never sent to the renderer, never logged. Names are lower-case letters,
 * digits, dots and dashes (`gateway.password`); any method given another name rejects with an
 * error that names it. Nothing here ever puts a secret's value in an error message.
 */
export interface SecretStore {
  /** The value, or undefined when no secret of that name is stored. */
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  /** Removing a name that is not stored is not an error. */
  delete(name: string): Promise<void>;
  /** The stored names, sorted. */
  names(): Promise<string[]>;
}

/** What the Electron shell adapts `safeStorage` to (encryptString / decryptString). */
export interface SecretCipher {
  isAvailable(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}

const secretName = /^[a-z0-9][a-z0-9.-]{0,63}$/;

function checkName(name: string): void {
  if (typeof name !== 'string' || !secretName.test(name)) {
    const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 64)) : typeof name;
    throw new KindedError(
      'invalid',
      `Invalid secret name ${shown}: use 1 to 64 lower-case letters, digits, dots and dashes`,
    );
  }
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

// V8's JSON.parse messages quote the text around the fault, which here would be a secret: the
// errors below name the file and, at most, an entry's name.
function parseMap(text: string, file: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new KindedError(
      'damaged',
      `${file} is not valid JSON; restore it from a backup or delete it and enter the secrets again`,
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new KindedError('damaged', `${file} does not hold a map of secret names to values`);
  }
  const map: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    // Dropping the entry instead would lose it for good on the next save.
    if (typeof value !== 'string')
      throw new KindedError('damaged', `${file}: the secret ${JSON.stringify(name)} is not a string`);
    map[name] = value;
  }
  return map;
}

/** A store over one serialized map, loaded and saved whole: secrets are few and small. */
function mapStore(load: () => Record<string, string>, save: (map: Record<string, string>) => void): SecretStore {
  return {
    async get(name) {
      checkName(name);
      const map = load();
      return Object.hasOwn(map, name) ? map[name] : undefined;
    },
    async set(name, value) {
      checkName(name);
      if (typeof value !== 'string')
        throw new KindedError('invalid', `The secret ${JSON.stringify(name)} must be a string`);
      save({ ...load(), [name]: value });
    },
    async delete(name) {
      checkName(name);
      const map = load();
      if (!Object.hasOwn(map, name)) return;
      delete map[name];
      save(map);
    },
    async names() {
      return Object.keys(load()).sort();
    },
  };
}

export interface FileSecretStoreOptions {
  /**
   * Told when the file was readable by group or others and has been tightened to 0600, so the
   * caller can log it (the message holds the path and modes, never a secret).
   */
  readonly onWarning?: (message: string) => void;
  /** The permission checks are POSIX only; tests inject the platform. */
  readonly platform?: NodeJS.Platform;
}

/**
 * The Node host's store: `<appDataDir>/secrets.json`, mode 0600 from the moment it is created
 * (written atomically, folder 0700). A file found readable by group or others is tightened to
 * 0600 before it is read, and `onWarning` is told. On Windows the mode logic is skipped: the
 * user profile's ACLs protect the app-data folder.
 */
export function createFileSecretStore(appDataDir: string, options: FileSecretStoreOptions = {}): SecretStore {
  const file = join(appDataDir, 'secrets.json');
  const platform = options.platform ?? process.platform;
  const posix = platform !== 'win32';
  const load = () => {
    if (posix) {
      const mode = statSync(file, { throwIfNoEntry: false })?.mode;
      if (mode !== undefined && (mode & 0o077) !== 0) {
        chmodSync(file, 0o600);
        const was = (mode & 0o777).toString(8).padStart(3, '0');
        options.onWarning?.(
          `${file} was readable by other users (mode ${was}); tightened to 600. If others could have read it, change the gateway password and enter the new one in Settings`,
        );
      }
    }
    const data = readIfPresent(file);
    return data ? parseMap(data.toString('utf8'), file) : {};
  };
  const save = (map: Record<string, string>) =>
    writeFileAtomic(file, `${JSON.stringify(map, null, 2)}\n`, 0o600, platform);
  return mapStore(load, save);
}

/**
 * The Electron app's store: the secret map encrypted with the OS keychain's key (`safeStorage`
 * through `cipher`), in `<appDataDir>/secrets.bin` (0600, written atomically). Throws at once
 * when the keychain cannot encrypt, rather than storing secrets in the clear behind the
 * operator's back; the shell then falls back to `createFileSecretStore`.
 */
export function createEncryptedSecretStore(appDataDir: string, cipher: SecretCipher): SecretStore {
  if (!cipher.isAvailable()) {
    throw new KindedError(
      'unavailable',
      'The OS keychain cannot encrypt secrets on this machine (safeStorage is unavailable).',
    );
  }
  const file = join(appDataDir, 'secrets.bin');
  const load = () => {
    const data = readIfPresent(file);
    if (!data) return {};
    let text: string;
    try {
      text = cipher.decrypt(data);
    } catch (error) {
      throw new KindedError('damaged', `${file} cannot be decrypted with this user's keychain key`, { cause: error });
    }
    return parseMap(text, file);
  };
  return mapStore(load, (map) => writeFileAtomic(file, cipher.encrypt(JSON.stringify(map))));
}
