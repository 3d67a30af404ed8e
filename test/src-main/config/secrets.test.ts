import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  createEncryptedSecretStore,
  createFileSecretStore,
  type SecretCipher,
} from '../../../src-main/config/secrets';

const freshDir = () => mkdtempSync(join(tmpdir(), 'lanepoint-secrets-'));
const posix = process.platform !== 'win32';

/** AES-256-GCM with a random key: a real cipher standing in for the OS keychain's. */
function testCipher(): SecretCipher {
  const key = randomBytes(32);
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

describe('createFileSecretStore', () => {
  it('keeps secrets in an owner-only file and reads them back', async () => {
    const dir = freshDir();
    const store = createFileSecretStore(dir);
    await store.set('gateway.password', 's3cret');
    await store.set('gateway.username', 'testing');
    expect(await store.get('gateway.password')).toBe('s3cret');
    expect(await store.names()).toEqual(['gateway.password', 'gateway.username']);
    if (posix) expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    await store.delete('gateway.password');
    expect(await store.get('gateway.password')).toBeUndefined();
    expect(await createFileSecretStore(dir).names()).toEqual(['gateway.username']);
  });

  it.skipIf(!posix)('tightens a file that others could read, and says so', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'secrets.json'), '{"gateway.password":"x"}');
    chmodSync(join(dir, 'secrets.json'), 0o644);
    const onWarning = vi.fn();
    expect(await createFileSecretStore(dir, { onWarning }).get('gateway.password')).toBe('x');
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(onWarning).toHaveBeenCalledWith(expect.stringContaining('readable by other users'));
  });

  it.each(['Gateway.Password', '../escape', '', 'a b', 'x'.repeat(65)])('refuses the name %j', async (name) => {
    await expect(createFileSecretStore(freshDir()).set(name, 'v')).rejects.toThrow(/Invalid secret name/);
  });
});

describe('createEncryptedSecretStore', () => {
  it('stores no plaintext on disk', async () => {
    const dir = freshDir();
    const cipher = testCipher();
    const store = createEncryptedSecretStore(dir, cipher);
    await store.set('gateway.password', 'plain-text-password');
    const onDisk = readFileSync(join(dir, 'secrets.bin'));
    expect(onDisk.includes(Buffer.from('plain-text-password'))).toBe(false);
    expect(onDisk.includes(Buffer.from('gateway.password'))).toBe(false);
    expect(await createEncryptedSecretStore(dir, cipher).get('gateway.password')).toBe('plain-text-password');
    if (posix) expect(statSync(join(dir, 'secrets.bin')).mode & 0o777).toBe(0o600);
  });

  it('refuses to start when the keychain cannot encrypt', () => {
    expect(() => createEncryptedSecretStore(freshDir(), { ...testCipher(), isAvailable: () => false })).toThrow(
      /cannot encrypt/,
    );
  });
});
