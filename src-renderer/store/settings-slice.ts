import type { StateCreator } from 'zustand';
import type { EditableSetting, PosApi, SettingsView, SettingValue } from '../../src-main/ipc/contract';
import { PosCallError, unwrap } from '../pos/call-error';
import type { PosState } from './pos-store';

export interface SettingsSlice {
  settingsView: SettingsView | null;
  settingsBusy: boolean;
  /** A refusal, and the setting it names when it names one. */
  settingsError: { readonly message: string; readonly field: string | null } | null;
  settingsSaved: string | null;
  credentialTest: { readonly ok: boolean; readonly message: string } | null;
  loadSettings(): Promise<void>;
  /** Saves changed settings; a refusal for want of a manager throws (`forbidden`) so the screen can ask for one. */
  saveSettings(changes: Partial<Record<EditableSetting, SettingValue>>, managerPin?: string): Promise<boolean>;
  saveCredentials(username: string, password: string, managerPin?: string): Promise<boolean>;
  testCredentials(): Promise<void>;
}

export const createSettingsSlice =
  (pos: PosApi): StateCreator<PosState, [], [], SettingsSlice> =>
  (set) => {
    /** Runs a saving call: a manager refusal goes to the caller, any other one is shown by the field it names. */
    const saving = async (call: () => Promise<SettingsView>, saved: string): Promise<boolean> => {
      set({ settingsBusy: true, settingsError: null, settingsSaved: null });
      try {
        const view = await call();
        set({ settingsView: view, settingsBusy: false, settingsSaved: saved, tipsEnabled: view.values['payments.tips'] === true });
        return true;
      } catch (error) {
        set({ settingsBusy: false });
        if (error instanceof PosCallError && error.code === 'forbidden') throw error;
        set({ settingsError: { message: error instanceof Error ? error.message : String(error), field: error instanceof PosCallError ? (error.field ?? null) : null } });
        return false;
      }
    };
    return {
      settingsView: null,
      settingsBusy: false,
      settingsError: null,
      settingsSaved: null,
      credentialTest: null,
      async loadSettings() {
        try {
          set({ settingsView: unwrap(await pos.settings.get()), settingsError: null });
        } catch (error) {
          set({ settingsError: { message: error instanceof Error ? error.message : String(error), field: null } });
        }
      },
      saveSettings: (changes, managerPin) => saving(async () => unwrap(await pos.settings.update({ changes, ...(managerPin ? { managerPin } : {}) })), 'Saved.'),
      saveCredentials: (username, password, managerPin) => saving(async () => unwrap(await pos.settings.setCredentials({ username, password, ...(managerPin ? { managerPin } : {}) })), 'The credentials are stored in the secret store.'),
      async testCredentials() {
        set({ settingsBusy: true, credentialTest: null });
        try {
          set({ credentialTest: unwrap(await pos.settings.testCredentials()), settingsBusy: false });
        } catch (error) {
          set({ settingsBusy: false, credentialTest: { ok: false, message: error instanceof Error ? error.message : String(error) } });
        }
      },
    };
  };
