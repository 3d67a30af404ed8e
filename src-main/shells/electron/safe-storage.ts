import type { SecretCipher } from '../../lane/config/secrets';
import type { ElectronApi } from './electron-api';

/**
 * Adapts Electron's `safeStorage` (a key held by the OS keychain) to the secret store's cipher.
 *
 * On Linux without a keychain (no gnome-keyring or KWallet, as on many store machines), Electron
 * still "encrypts", but with a hard-coded password (backend `basic_text`). That protects nothing,
 * so it counts as unavailable here and the shell falls back to the 0600 file and says so, rather
 * than calling the secrets encrypted.
 */
export function safeStorageCipher(
  safeStorage: ElectronApi['safeStorage'],
  platform: NodeJS.Platform = process.platform,
): SecretCipher {
  return {
    isAvailable: () =>
      safeStorage.isEncryptionAvailable() &&
      !(platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text'),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
