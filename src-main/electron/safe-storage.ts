import type { SecretCipher } from '../config/secrets';
import type { ElectronApi } from './electron-api';

/** Adapts Electron's `safeStorage` (the OS keychain's key) to the secret store's cipher. */
export function safeStorageCipher(safeStorage: ElectronApi['safeStorage']): SecretCipher {
  return {
    isAvailable: () => safeStorage.isEncryptionAvailable(),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
