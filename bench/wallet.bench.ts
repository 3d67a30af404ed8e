import { authorizationToWire } from '../src-main/gateway/auth-request';
import { ecV1TokenizeRequest } from '../src-main/wallet/device-data';
import { signingTimeOf } from '../src-main/wallet/payment-signature';
import { createTrainingWalletKeys } from '../src-main/wallet/training-keys';
import { trainingWalletPayment } from '../src-main/wallet/training-wallet';
import type { BenchCase } from './harness';

const keys = createTrainingWalletKeys(Date.now());
const payloads = Array.from({ length: 200 }, () =>
  JSON.stringify(
    trainingWalletPayment(
      { account: '4111111111111111', expiration: '291231', amount: 1234, currencyCode: '840' },
      keys.merchant.certificate,
      keys.signer,
      new Date(),
    ),
  ),
);
let next = 0;

/**
 * Issue 19's row, the lane's own share of a wallet payment: the pay page's JSON in, checked
 * (shape, the signature's signing time), devicedata built, and then the authorization's wire
 * body with the token as account. The tokenize round trip (the emulator's decryption) is not in it.
 */
export const walletBenchmarks: BenchCase[] = [
  {
    name: 'wallet payload in to authorization request ready (tokenize round trip excluded)',
    iterations: 2000,
    run() {
      const token = JSON.parse(payloads[next++ % payloads.length]!) as unknown;
      const request = ecV1TokenizeRequest(token, { walletApiVersion: 3 });
      signingTimeOf((token as { signature: string }).signature);
      return [
        request,
        authorizationToWire({
          merchid: '496160873888',
          amount: 1234,
          account: '9411234567891111',
          currency: 'USD',
          ecomind: 'E',
          orderid: 'W-1',
        }),
      ];
    },
  },
];
