import { authorizationToWire } from '../src-main/lane/gateway/auth-request';
import { ecV1TokenizeRequest } from '../src-main/lane/wallet/device-data';
import { signingTimeOf } from '../src-main/lane/wallet/signing-time';
import { createTrainingWalletKeys } from '../src-main/stand-ins/training-wallet/training-keys';
import { trainingWalletPayment } from '../src-main/stand-ins/training-wallet/training-wallet';
import type { BenchCase } from './harness';
import { performance } from 'node:perf_hooks';
import { postAsPhone } from '../src-main/lane/wallet/pay-link/lane-wallet';
import { startEmulator, type RunningEmulator } from '../src-main/stand-ins/gateway-emulator/server';
import type { PayLinkServer } from '../src-main/lane/wallet/pay-link/server';
import { createPayLinkSessions, type PayLinkSessions } from '../src-main/lane/wallet/pay-link/sessions';
import { createTokenizerClient, type TokenizerClient } from '../src-main/lane/wallet/tokenizer-client';
import { walletPayloadOf } from '../src-main/lane/terminal/wallet-sale';
import { systemClock } from '../src-main/platform/clock';
import { startLoopbackPayLink } from '../test/support/pay-link';

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

interface PayLinkBench {
  readonly emulator: RunningEmulator;
  readonly server: PayLinkServer;
  readonly sessions: PayLinkSessions;
  readonly tokenizer: TokenizerClient;
  readonly ca: string;
}

/**
 * The same share measured over the real parts: the payload posted to a pay link over HTTPS,
 * handed to the waiting payment, tokenized at the emulator, and the authorization's wire body
 * ready to send. The tokenize round trip (where the emulator decrypts) is timed and taken out.
 */
walletBenchmarks.push({
  name: 'wallet payload posted to the pay link to authorization request on its way (tokenize round trip excluded)',
  iterations: 200,
  async setup(): Promise<PayLinkBench> {
    const emulator = await startEmulator({ wallet: { merchant: keys.merchant, anchors: [keys.root] }, realism: false });
    const sessions = createPayLinkSessions(systemClock);
    const { server, ca } = await startLoopbackPayLink(sessions, 'pay link bench', 'Bench');
    const tokenizer = createTokenizerClient({ url: emulator.url.replace(/\/rest$/, ''), clock: systemClock });
    return { emulator, server, sessions, tokenizer, ca };
  },
  async run(context) {
    const { server, sessions, tokenizer, ca } = context as PayLinkBench;
    const session = sessions.open(1234);
    // A fresh payload each time: the tokenizer takes a transaction id once.
    const body = JSON.stringify({
      walletApiVersion: 3,
      token: trainingWalletPayment(
        { account: '4788250000121443', expiration: '301231', amount: 1234, currencyCode: '840' },
        keys.merchant.certificate,
        keys.signer,
        new Date(),
      ),
    });
    const started = performance.now();
    const [posted] = await Promise.all([
      session.payload(new AbortController().signal),
      postAsPhone(`${server.origin}/pay/${session.id}`, body, ca, systemClock),
    ]);
    const tokenizeStarted = performance.now();
    const token = await tokenizer.tokenize(walletPayloadOf(posted));
    const tokenizeMs = performance.now() - tokenizeStarted;
    authorizationToWire({
      merchid: '496160873888',
      amount: 1234,
      account: token.token,
      currency: 'USD',
      ecomind: 'E',
      orderid: 'W-1',
    });
    session.end('approved');
    return { measuredMs: performance.now() - started - tokenizeMs };
  },
  async teardown(context) {
    const { emulator, server } = context as PayLinkBench;
    await server.close();
    await emulator.close();
  },
});
