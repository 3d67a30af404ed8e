import { deferred } from './deferred';

/*
 * Everything the first screen (sign-in, or the phase panel until the terminal answers) does not
 * need comes in its own chunks, so a cold load parses and runs only that (ADR 064). They are
 * fetched as soon as the first screen is up (`preloadScreens`), so the cashier never waits on one.
 */
export const SaleScreen = deferred(() => import('../screens/sale/SaleScreen').then((m) => m.SaleScreen));
export const HistoryScreen = deferred(() => import('../screens/history/HistoryScreen').then((m) => m.HistoryScreen));
export const EndOfDayScreen = deferred(() =>
  import('../screens/end-of-day/EndOfDayScreen').then((m) => m.EndOfDayScreen),
);
export const DevicesScreen = deferred(() => import('../screens/devices/DevicesScreen').then((m) => m.DevicesScreen));
export const SettingsScreen = deferred(() =>
  import('../screens/settings/SettingsScreen').then((m) => m.SettingsScreen),
);
export const AuthorizationsScreen = deferred(() =>
  import('../screens/authorizations/AuthorizationsScreen').then((m) => m.AuthorizationsScreen),
);
export const TrainingPanel = deferred(() => import('../training/TrainingPanel').then((m) => m.TrainingPanel));
export const SignaturePanel = deferred(() => import('./SignaturePanel').then((m) => m.SignaturePanel));
export const ManagerApproval = deferred(() => import('./ManagerApproval').then((m) => m.ManagerApproval));
export const KioskApp = deferred(() => import('../kiosk/KioskApp').then((m) => m.KioskApp));

/** The screens a counter goes to next, the sale first; a kiosk's own app. */
export async function preloadScreens(mode: 'counter' | 'kiosk'): Promise<void> {
  if (mode === 'kiosk') {
    await Promise.all([KioskApp.preload(), SignaturePanel.preload()]);
    return;
  }
  await SaleScreen.preload();
  await Promise.all(
    [
      HistoryScreen,
      EndOfDayScreen,
      DevicesScreen,
      SettingsScreen,
      AuthorizationsScreen,
      TrainingPanel,
      SignaturePanel,
      ManagerApproval,
    ].map((screen) => screen.preload()),
  );
}
