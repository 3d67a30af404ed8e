/** The settings error is the platform's (src-main/platform/settings-error.ts), shared by every process. */
export { SettingsError, type SettingIssue, type SettingSource } from '../platform/settings-error';
