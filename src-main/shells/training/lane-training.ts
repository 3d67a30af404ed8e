import type { Clock } from '../../platform/clock';
import type { CoreOptions, MakeTrainingKit } from '../../lane/core/core-options';
import { createTrainingGateway, trainingMerchant } from './lane-training-gateway';
import { createTrainingTerminal, trainingTerminalGateway } from './lane-training-terminal';
import { trainingTerminalSignature } from './lane-training-signature';
import type { TrainingKit } from '../../lane/core/training-kit';
import { trainingDevices } from './lane-training-devices';
import type { TrainingWalletPayload } from '../../lane/wallet/pay-link/lane-wallet';
import {
  createTrainingWalletKeys,
  loadOrCreateTrainingWalletKeys,
  type TrainingWalletKeys,
} from '../../stand-ins/training-wallet/training-keys';
import { trainingEcV2Payment, trainingWalletPayment } from '../../stand-ins/training-wallet/training-wallet';

/** The training wallet's card: an approving Visa test card (FACTS.md). */
const trainingAccount = { account: '4788250000121443', expiration: '301231' } as const;

/**
 * The lane's training wiring: the one place where the lane meets its stand-ins (the built-in
 * gateway, boarding and tokenizer emulators, the emulated phone, the emulated devices). The
 * shells hand it to the core (`CoreOptions.training`); product code never imports a stand-in.
 */
export const laneTraining: MakeTrainingKit = (options: CoreOptions, clock: Clock): TrainingKit => {
  const { settings } = options;
  // Training's wallet keys, made or read once: the emulated phone signs with them, the built-in tokenizer trusts their root.
  let walletKeys: TrainingWalletKeys | undefined;
  const trainingWalletKeys = () =>
    (walletKeys ??= options.walletFolder
      ? loadOrCreateTrainingWalletKeys(options.walletFolder, clock.now())
      : createTrainingWalletKeys(clock.now()));
  // Training with a gateway URL (loopback only, the settings make sure) uses that emulator instead of its own.
  const gateway = createTrainingGateway(
    options.trainingGatewayPath,
    settings.training && settings.gateway.url !== '' ? settings.gateway.url : undefined,
    settings.wallet.enabled
      ? () => {
          const { merchant, root, ecV2 } = trainingWalletKeys();
          // The lane's clock: the built-in tokenizer judges a payload's two minutes by the time the lane keeps.
          return { merchant, anchors: [root], ecV2: ecV2.recipient, clock };
        }
      : undefined,
    clock,
  );
  const walletPayload: TrainingWalletPayload = ({ amountMinor, kind, merchantId, at }) => {
    const keys = trainingWalletKeys();
    if (kind === 'ec-v2') {
      const token = trainingEcV2Payment({ ...trainingAccount, gatewayMerchantId: merchantId }, keys.ecV2, at);
      return JSON.stringify({ kind: 'ec-v2', token: JSON.stringify(token) });
    }
    const token = trainingWalletPayment(
      { ...trainingAccount, amount: amountMinor, currencyCode: '840' },
      keys.merchant.certificate,
      keys.signer,
      new Date(at),
    );
    // Wallet API version 3: the token carries publicKeyHash, so devicedata sends it (and echash).
    return JSON.stringify({ walletApiVersion: 3, token });
  };
  const terminal = createTrainingTerminal({
    clock,
    defaultMerchantId: trainingMerchant,
    gateway: () => trainingTerminalGateway(gateway),
    signature: (screen) => trainingTerminalSignature(options.assetsDir, screen),
  });
  return { gateway, walletPayload, devices: trainingDevices(), terminal };
};
