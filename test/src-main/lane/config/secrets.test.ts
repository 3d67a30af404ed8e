import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  createEncryptedSecretStore,
  createFileSecretStore,
  type SecretCipher,
  type SecretStore,
} from '../../../../src-main/lane/config/secrets';
import { freshFolder, posix } from './folders';

const freshDir = () => freshFolder('secrets');
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** AES-256-GCM with a random key: a real cipher standing in for the OS keychain's. */
function testCipher(key = randomBytes(32)): SecretCipher {
  return {
    isAvailable: () => true,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** The behaviour both stores share, checked against a fresh store and a second one on its folder. */
async function roundTrip(open: (dir: string) => SecretStore): Promise<string> {
  const dir = freshDir();
  const store = open(dir);
  expect(await store.get('gateway.password')).toBeUndefined();
  expect(await store.names()).toEqual([]);
  await store.set('gateway.username', 'testing');
  await store.set('gateway.password', 's3cret');
  await store.set('gateway.password', 's3cret-2');
  expect(await store.get('gateway.password')).toBe('s3cret-2');
  expect(await store.names()).toEqual(['gateway.password', 'gateway.username']);
  await store.delete('gateway.username');
  await store.delete('never.stored');
  const reopened = open(dir);
  expect(await reopened.names()).toEqual(['gateway.password']);
  expect(await reopened.get('gateway.password')).toBe('s3cret-2');
  return dir;
}

describe('createFileSecretStore', () => {
  it('keeps secrets in secrets.json, owner-only from the start, and reads them back', async () => {
    const dir = await roundTrip((folder) => createFileSecretStore(folder));
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual({ 'gateway.password': 's3cret-2' });
    if (posix) expect(modeOf(join(dir, 'secrets.json'))).toBe(0o600);
  });

  it.skipIf(!posix)('creates a missing app-data folder owner-only', async () => {
    const dir = join(freshDir(), 'lanepoint');
    await createFileSecretStore(dir).set('gateway.password', 'x');
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(dir, 'secrets.json'))).toBe(0o600);
  });

  it.skipIf(!posix)('tightens a file that others could read before reading it, and says so', async () => {
    const dir = freshDir();
    const file = join(dir, 'secrets.json');
    writeFileSync(file, '{"gateway.password":"x"}');
    chmodSync(file, 0o644);
    const onWarning = vi.fn();
    expect(await createFileSecretStore(dir, { onWarning }).get('gateway.password')).toBe('x');
    expect(modeOf(file)).toBe(0o600);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onWarning).toHaveBeenCalledWith(
      `${file} was readable by other users (mode 644); tightened to 600. If others could have read it, change the gateway password and enter the new one in Settings`,
    );
    expect(String(onWarning.mock.calls[0])).not.toContain('"x"');
  });

  it.skipIf(!posix)('tightens a group-readable file even when nobody listens', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'secrets.json'), '{}');
    chmodSync(join(dir, 'secrets.json'), 0o640);
    await createFileSecretStore(dir).names();
    expect(modeOf(join(dir, 'secrets.json'))).toBe(0o600);
  });

  it.skipIf(!posix)('leaves file modes alone when told the platform is Windows', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'secrets.json'), '{}');
    chmodSync(join(dir, 'secrets.json'), 0o644);
    const onWarning = vi.fn();
    await createFileSecretStore(dir, { platform: 'win32', onWarning }).names();
    expect(modeOf(join(dir, 'secrets.json'))).toBe(0o644);
    expect(onWarning).not.toHaveBeenCalled();
  });

  it.each(['Gateway.Password', '../escape', '', 'a b', 'gateway/password', '.hidden', 'x'.repeat(65)])(
    'refuses the name %j on every method, naming it',
    async (name) => {
      const store = createFileSecretStore(freshDir());
      const named = new RegExp(
        `Invalid secret name ${JSON.stringify(name.slice(0, 64)).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`,
      );
      await expect(store.set(name, 'v')).rejects.toThrow(named);
      await expect(store.get(name)).rejects.toThrow(named);
      await expect(store.delete(name)).rejects.toThrow(named);
    },
  );

  it('reports a damaged file by name without quoting its content', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'secrets.json'), '{"gateway.password": hunter2}');
    const failure = createFileSecretStore(dir).get('gateway.password');
    await expect(failure).rejects.toThrow(`${join(dir, 'secrets.json')} is not valid JSON`);
    await expect(failure).rejects.not.toThrow(/hunter2/);
  });

  it('refuses a file whose values are not strings, naming the entry but not its value', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'secrets.json'), '{"gateway.password": {"v": "hunter2"}}');
    const failure = createFileSecretStore(dir).names();
    await expect(failure).rejects.toThrow('the secret "gateway.password" is not a string');
    await expect(failure).rejects.not.toThrow(/hunter2/);
  });
});

describe('createEncryptedSecretStore', () => {
  it('round-trips through secrets.bin, owner-only', async () => {
    const cipher = testCipher();
    const dir = await roundTrip((folder) => createEncryptedSecretStore(folder, cipher));
    expect(JSON.parse(cipher.decrypt(readFileSync(join(dir, 'secrets.bin'))))).toEqual({
      'gateway.password': 's3cret-2',
    });
    if (posix) expect(modeOf(join(dir, 'secrets.bin'))).toBe(0o600);
  });

  it('stores no plaintext on disk', async () => {
    const dir = freshDir();
    const store = createEncryptedSecretStore(dir, testCipher());
    await store.set('gateway.password', 'plain-text-password');
    const onDisk = readFileSync(join(dir, 'secrets.bin'));
    expect(onDisk.includes(Buffer.from('plain-text-password'))).toBe(false);
    expect(onDisk.includes(Buffer.from('gateway.password'))).toBe(false);
    expect(onDisk.includes(Buffer.from('plain-text-password', 'utf16le'))).toBe(false);
  });

  it('refuses to start when the keychain cannot encrypt', () => {
    expect(() => createEncryptedSecretStore(freshDir(), { ...testCipher(), isAvailable: () => false })).toThrow(
      /cannot encrypt secrets/,
    );
  });

  it('says which file it cannot decrypt when the key is not the one that wrote it', async () => {
    const dir = freshDir();
    await createEncryptedSecretStore(dir, testCipher()).set('gateway.password', 'x');
    await expect(createEncryptedSecretStore(dir, testCipher()).get('gateway.password')).rejects.toThrow(
      `${join(dir, 'secrets.bin')} cannot be decrypted`,
    );
  });
});
