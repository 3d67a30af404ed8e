import type { CoreOptions } from './core-options';
import type { Clock } from '../../platform/clock';
import { createLaneWallet, type LaneWallet } from '../wallet/pay-link/lane-wallet';
import type { TrainingKit } from './training-kit';

/** Wallet payments: the pay-link service, the tokenizer client, and in training the emulated phone. */
export function setupWallet(options: CoreOptions, clock: Clock, training: TrainingKit): LaneWallet {
  const { settings } = options;
  return createLaneWallet({
    settings,
    clock,
    trainingPayload: training.walletPayload,
    tokenizerUrl: async () => (settings.training ? training.gateway.tokenizerUrl() : settings.wallet.tokenizerUrl),
    ...(options.walletFolder ? { folder: options.walletFolder } : {}),
    ...(options.payLinkLifetimeMs ? { linkLifetimeMs: options.payLinkLifetimeMs } : {}),
  });
}
