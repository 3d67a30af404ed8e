import { SettingsError } from '../../../../src-main/lane/config/settings';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new empty folder under the tests' TMPDIR, its name saying which test file made it. */
export const freshFolder = (what: string): string => mkdtempSync(join(tmpdir(), `lanepoint-${what}-`));

/** Whether file modes (0600, 0700) mean anything here: Windows has none to check. */
export const posix = process.platform !== 'win32';

/** The SettingsError `run` throws; any other outcome fails the test. */
export function settingsErrorOf(run: () => unknown): SettingsError {
  try {
    run();
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('expected a SettingsError');
}
