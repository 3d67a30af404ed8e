import type { SettingsView } from '../../src-main/lane/ipc/contract';

/** The settings' default for payments.confirmAboveMinor: a sale above 1,000.00 is confirmed before the card is asked for. */
export const defaultConfirmAboveMinor = 100_000;

/** The confirmation limit a settings view gives, or the default where it gives none. */
export function confirmLimitOf(view: SettingsView): number {
  const limit = view.values['payments.confirmAboveMinor'];
  return typeof limit === 'number' ? limit : defaultConfirmAboveMinor;
}

/** Whether the settings take payments on the customer's phone (wallet.enabled). */
export function walletEnabledIn(view: SettingsView): boolean {
  return view.values['wallet.enabled'] === true;
}

/**
 * Whether the counter asks the tip: the merchant takes tips and the lane's own reader takes the
 * card. An integrated terminal asks the customer the tip itself, so the counter does not too.
 */
export function counterTipsIn(view: SettingsView): boolean {
  return view.values['payments.tips'] === true && !cardOnTerminalIn(view);
}

/** Whether the lane takes cards on an integrated terminal (payments.device): the terminal reads them, none is keyed here. */
export function cardOnTerminalIn(view: SettingsView): boolean {
  return view.values['payments.device'] === 'integrated-terminal';
}

/** What the sale screen takes from the settings: tips at the counter, the confirmation limit, phone payments, the terminal. */
export function saleOptionsOf(view: SettingsView) {
  return {
    tipsEnabled: counterTipsIn(view),
    confirmAboveMinor: confirmLimitOf(view),
    walletEnabled: walletEnabledIn(view),
    cardOnTerminal: cardOnTerminalIn(view),
  };
}
