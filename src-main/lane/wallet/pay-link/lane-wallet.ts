import type { Clock } from '../../../platform/clock';
import { createOutboundSender } from '../../../platform/http/outbound';
import { streamingFetch } from '../../../platform/http/outbound-node';
import { LaneError } from '../../errors';
import type { WalletSettings } from '../../config/wallet-settings';
import { createTokenizerClient, type TokenizerClient } from '../tokenizer-client';
import { signatureMaxAgeMs } from '../signing-time';
import { payLinkCertificateFromFiles, trainingPayLinkCertificate, type PayLinkCertificate } from './certificate';
import { startPayLinkServer, type PayLinkServer } from './server';
import type { PayPageVoice } from './pay-page-words';
import { createPayLinkSessions, type PayLinkSession } from './sessions';

/**
 * The lane's wallet: the pay-link service (started at the first wallet payment and kept), the
 * one tokenizer client (it remembers the payloads it sent), and in training the emulated phone.
 */
export interface LaneWallet {
  /** A new pay link for `amountMinor` and its URL; `voice`: where it was started, in the customer's language. */
  openLink(amountMinor: number, voice?: PayPageVoice): Promise<{ session: PayLinkSession; url: string }>;
  tokenizer(): Promise<TokenizerClient>;
  /** Training: the emulated phone posts a payload to the link open now, as the page's training button does. */
  payOnPhone(payload: TrainingPhonePayload): Promise<{ status: number; message: string }>;
  /**
   * Training, once the pay-link service runs: its origin and certificate (PEM), so the Electron
   * shell opens the training phone's window on exactly that origin and trusts exactly that
   * certificate. Undefined outside training or before the first wallet payment.
   */
  trainingPhone(): { readonly origin: string; readonly certificate: string } | undefined;
  close(): Promise<void>;
}

/** What training's emulated phone posts: a fresh payload of either wallet, or one a lane must refuse. */
export type TrainingPhonePayload = 'fresh' | 'fresh-ec-v2' | 'expired' | 'replayed';

/** The wallet whose payload the emulated phone makes: the EC_v1 one, or the other's ECv2. */
export type TrainingWalletKind = 'ec-v1' | 'ec-v2';

/**
 * Training's emulated phone: the JSON body the pay page would post for `kind`, signed as made at
 * `at` (ms). The composition root passes the training stand-in's; product code never builds one.
 */
export type TrainingWalletPayload = (request: {
  readonly amountMinor: number;
  readonly kind: TrainingWalletKind;
  /** The gateway merchant id an ECv2 token names. */
  readonly merchantId: string;
  readonly at: number;
}) => string;

export interface LaneWalletOptions {
  readonly settings: {
    readonly wallet: WalletSettings;
    readonly training: boolean;
    /** The gateway merchant id the ECv2 token names (its tokenization specification's gatewayMerchantId). */
    readonly merchantId?: string;
  };
  readonly clock: Clock;
  /** Training's emulated phone (the training wiring's, signing with the app-data folder's keys). */
  readonly trainingPayload: TrainingWalletPayload;
  /** The tokenizer's base URL: the setting, or training's built-in emulator. */
  readonly tokenizerUrl: () => Promise<string>;
  /** Where training's pay-link certificate is kept; none: a fresh one each start. */
  readonly folder?: string;
  /** Tests: a link lives this long instead of two minutes. */
  readonly linkLifetimeMs?: number;
}

/** A refusal naming the setting when wallet payments are off. */
export function walletPaymentsOff(): LaneError {
  return new LaneError('refused', 'Wallet payments are not enabled on this lane (setting wallet.enabled).', 'tender');
}

/** The lane's wallet over its settings. */
export function createLaneWallet(options: LaneWalletOptions): LaneWallet {
  const { settings, clock } = options;
  const sessions = createPayLinkSessions(clock, options.linkLifetimeMs);
  let certificate: PayLinkCertificate | undefined;
  let server: Promise<PayLinkServer> | undefined;
  let tokenizer: Promise<TokenizerClient> | undefined;
  let current: { session: PayLinkSession; url: string } | undefined;
  let servedOrigin: string | undefined;
  let lastTrainingPayload: string | undefined;

  const trainingPayload = (amountMinor: number, kind: TrainingWalletKind, ageMs = 0) =>
    (lastTrainingPayload = options.trainingPayload({
      amountMinor,
      kind,
      merchantId: settings.merchantId || 'training',
      // The message's own expiry carries the two minutes: `ageMs` makes it that much older.
      at: clock.now() - ageMs,
    }));

  const start = async (): Promise<PayLinkServer> => {
    const { wallet, training } = settings;
    certificate = training
      ? await trainingPayLinkCertificate(options.folder, clock.now())
      : payLinkCertificateFromFiles(wallet.certificateFile, wallet.keyFile);
    return startPayLinkServer({
      sessions,
      certificate,
      listenHost: training ? wallet.payLinkHost || '127.0.0.1' : wallet.payLinkHost,
      port: wallet.payLinkPort,
      storeName: wallet.storeName,
      clock,
      liveWallets: {
        googleMerchantId: wallet.googleMerchantId,
        gatewayMerchantId: settings.merchantId ?? '',
        merchantName: wallet.storeName,
      },
      ...(training
        ? { trainingPayload: (amountMinor: number, kind: TrainingWalletKind) => trainingPayload(amountMinor, kind) }
        : {}),
    });
  };
  const running = () => {
    const started = (server ??= start());
    started.catch(() => {
      if (server === started) server = undefined; // a failed start is tried again at the next payment
    });
    return started;
  };

  return {
    async openLink(amountMinor, voice) {
      if (!settings.wallet.enabled) throw walletPaymentsOff();
      const { origin } = await running();
      servedOrigin = origin;
      const session = sessions.open(amountMinor, voice);
      current = { session, url: `${origin}/pay/${session.id}` };
      return current;
    },
    tokenizer: () => (tokenizer ??= options.tokenizerUrl().then((url) => createTokenizerClient({ url, clock }))),
    async payOnPhone(kind) {
      if (!current || !certificate)
        throw new LaneError('refused', 'No pay link is open: start "Pay on your phone" first.');
      const body =
        kind === 'replayed' && lastTrainingPayload
          ? lastTrainingPayload
          : trainingPayload(
              current.session.amountMinor,
              kind === 'fresh-ec-v2' ? 'ec-v2' : 'ec-v1',
              kind === 'expired' ? signatureMaxAgeMs + 60_000 : 0,
            );
      return postAsPhone(current.url, body, certificate.cert, clock);
    },
    trainingPhone: () =>
      settings.training && servedOrigin && certificate
        ? { origin: servedOrigin, certificate: certificate.cert }
        : undefined,
    async close() {
      sessions.closeAll();
      servedOrigin = undefined;
      const started = server;
      server = undefined;
      await started?.then((running) => running.close()).catch(() => undefined);
    },
  };
}

/** How long training's emulated phone waits for the pay page's answer. */
const phoneTimeoutMs = 15_000;

/**
 * Posts `body` to the pay link as a phone would, through the one outbound sender over node:https
 * trusting the pay page's certificate `ca` alone, with its timeout on `clock`. A pay page that
 * does not answer is a refusal that says why.
 */
export async function postAsPhone(
  url: string,
  body: string,
  ca: string,
  clock: Clock,
): Promise<{ status: number; message: string }> {
  const sender = createOutboundSender({ clock, fetch: streamingFetch({ ca }) });
  const result = await sender.send({
    operation: 'training.payOnPhone',
    method: 'POST',
    url: new URL(url),
    headers: { 'Content-Type': 'application/json' },
    body,
    timeoutMs: phoneTimeoutMs,
  });
  if (result.outcome !== 'answered')
    throw new LaneError('refused', `Training's phone could not pay: the pay page did not answer (${result.problem}).`);
  let message = '';
  try {
    const said = JSON.parse(result.text) as { message?: unknown };
    if (typeof said.message === 'string') message = said.message;
  } catch {
    message = 'the pay page answered without JSON';
  }
  return { status: result.status, message };
}
