import type { StateCreator } from 'zustand';
import type { EditableSetting, PosApi, SettingsView, SettingValue } from '../../src-main/lane/ipc/contract';
import { PosCallError, unwrap } from '../pos/call-error';
import { saleOptionsOf } from './sale-options';

const pick = ({ tipsEnabled, confirmAboveMinor }: ReturnType<typeof saleOptionsOf>) => ({
  tipsEnabled,
  confirmAboveMinor,
});
import type { PosState } from './pos-state';

/** A refusal in words, and the setting (or credential field) it names when it names one. */
export interface SettingsProblem {
  readonly message: string;
  readonly field: string | null;
}

/** What the Settings screen is waiting for, if anything. */
export type SettingsWait = 'reading' | 'saving' | 'storing' | 'testing';

export interface SettingsSlice {
  settingsView: SettingsView | null;
  settingsWait: SettingsWait | null;
  /** Why the settings could not be read or saved. */
  settingsError: SettingsProblem | null;
  /** Why the gateway credentials could not be stored. */
  credentialsError: SettingsProblem | null;
  /** What the last save did, for the screen to say. */
  settingsSaved: string | null;
  credentialTest: { readonly ok: boolean; readonly message: string } | null;
  loadSettings(): Promise<void>;
  /** Saves changed settings; a refusal for want of a manager throws (`forbidden`) so the screen can ask for one. */
  saveSettings(changes: Partial<Record<EditableSetting, SettingValue>>, managerPin?: string): Promise<boolean>;
  /** Stores the live gateway's credentials; a `forbidden` refusal throws, as for `saveSettings`. */
  saveCredentials(username: string, password: string, managerPin?: string): Promise<boolean>;
  testCredentials(): Promise<void>;
  /** Forgets the refusals shown, when the person puts the form back. */
  dismissSettingsProblems(): void;
}

/**
 * A refusal as the screen shows it. The contract's own check names `changes.<setting>`; the
 * settings service names the setting: either way the screen gets the setting's path.
 */
function problemOf(error: unknown): SettingsProblem {
  if (!(error instanceof PosCallError))
    return { message: error instanceof Error ? error.message : String(error), field: null };
  const field = error.field?.replace(/^changes\./, '') ?? null;
  return { message: error.message, field };
}

export const createSettingsSlice =
  (pos: PosApi): StateCreator<PosState, [], [], SettingsSlice> =>
  (set) => {
    /** Runs a saving call; a manager refusal goes to the caller, any other one is kept under `problem`. */
    const saving = async (
      wait: SettingsWait,
      problem: 'settingsError' | 'credentialsError',
      call: () => Promise<SettingsView>,
      saved: string,
    ): Promise<boolean> => {
      const shown = (value: SettingsProblem | null) =>
        problem === 'settingsError' ? { settingsError: value } : { credentialsError: value };
      set({ settingsWait: wait, settingsSaved: null, ...shown(null) });
      try {
        const view = await call();
        set({
          settingsView: view,
          settingsWait: null,
          settingsSaved: saved,
          // What takes effect now: phone payments and the terminal wait for the restart their settings need.
          ...pick(saleOptionsOf(view)),
        });
        return true;
      } catch (error) {
        set({ settingsWait: null });
        if (error instanceof PosCallError && error.code === 'forbidden') throw error;
        set(shown(problemOf(error)));
        return false;
      }
    };
    return {
      settingsView: null,
      settingsWait: null,
      settingsError: null,
      credentialsError: null,
      settingsSaved: null,
      credentialTest: null,
      async loadSettings() {
        set({ settingsWait: 'reading', settingsError: null });
        try {
          set({ settingsView: unwrap(await pos.settings.get()), settingsWait: null });
        } catch (error) {
          set({ settingsWait: null, settingsError: { message: problemOf(error).message, field: null } });
        }
      },
      saveSettings: (changes, managerPin) =>
        saving(
          'saving',
          'settingsError',
          async () => unwrap(await pos.settings.update({ changes, ...(managerPin ? { managerPin } : {}) })),
          'Saved.',
        ),
      saveCredentials: (username, password, managerPin) =>
        saving(
          'storing',
          'credentialsError',
          async () =>
            unwrap(await pos.settings.setCredentials({ username, password, ...(managerPin ? { managerPin } : {}) })),
          'The gateway credentials are stored in the secret store.',
        ),
      async testCredentials() {
        set({ settingsWait: 'testing', credentialTest: null });
        try {
          set({ credentialTest: unwrap(await pos.settings.testCredentials()), settingsWait: null });
        } catch (error) {
          set({
            settingsWait: null,
            credentialTest: { ok: false, message: `The test could not run: ${problemOf(error).message}` },
          });
        }
      },
      dismissSettingsProblems: () => set({ settingsError: null, credentialsError: null }),
    };
  };

declare module './pos-state' {
  interface PosSlices {
    settings: SettingsSlice;
  }
}
