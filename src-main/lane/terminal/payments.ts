import type { Settings } from '../config/settings';
import { LaneError } from '../errors';
import type { DeviceManager } from '../devices/manager';
import { achAccountWords, achAuthorizationFields, achConsentWords } from '../gateway/ach';
import type { CaptureDetails } from '../gateway/capture-details';
import { maxSaleMinor } from '../ipc/cart';
import type { ParsedCommandArgs, SaleSummary, SurchargeNotice } from '../ipc/contract';
import { formatMinorUnits } from '../../platform/money';
import type { CardEntry } from '../ipc/tenders';
import type { Logger } from '../../platform/log/logger';
import type { CardTender } from '../payment/outcome';
import { cardOnFileNote, saveCardPart, storedCardPart, type CardOnFilePart } from '../payment/card-on-file';
import { readStoredCard, storedCardShown } from '../payment/stored-card';
import type { SignatureStep } from '../payment/signature/signature-step';
import { entryMethodWords } from '../receipt/facts';
import type { PrinterProfile } from '../receipt/profiles';
import { cartDetails } from './cart-details';
import type { CustomerSale } from './customer-sale';
import type { KeyedEntry } from './keyed-entry';
import type { LaneAccess } from './lane-access';
import { runDeviceSale } from './device-sale';
import { runTerminalSale } from './terminal-sale';
import type { IntegratedTerminalSource } from '../integrated-terminal/lane-terminal';
import { authorizeAndPrint, runSale, type OutcomeListener, type TenderedPayment } from './sale';
import { summarize } from './sale-summary';
import type { TerminalStateStore } from './state-store';
import { walletPaymentsOff, type LaneWallet } from '../wallet/pay-link/lane-wallet';
import type { PayPageVoice } from '../wallet/pay-link/pay-page-words';
import { runWalletSale } from './wallet-sale';

/** How a payment is run beyond what its command says. */
export interface PaymentOptions {
  /** The customer chooses later whether the receipt prints (the kiosk's receipt step): nothing prints now. */
  readonly holdReceipts?: boolean;
  /** A wallet payment's pay page: where it was started and the customer's language (the counter's English when absent). */
  readonly payPage?: PayPageVoice;
  /** The signed-in cashier, who records a customer's consent to keep the card on file (`saveCard`). */
  readonly consentBy?: string;
}

/** The ways a customer pays at the lane: a card, an electronic check, a stored profile, a phone's wallet. */
export interface Payments {
  sale(args: ParsedCommandArgs<'terminal.sale'>, options?: PaymentOptions): Promise<SaleSummary>;
  achSale(args: ParsedCommandArgs<'terminal.achSale'>): Promise<SaleSummary>;
  profileSale(args: ParsedCommandArgs<'terminal.profileSale'>): Promise<SaleSummary>;
  walletSale(args: ParsedCommandArgs<'terminal.walletSale'>, options?: PaymentOptions): Promise<SaleSummary>;
}

export interface PaymentsOptions {
  readonly customerSale: CustomerSale;
  readonly lane: () => Promise<LaneAccess>;
  readonly manager: DeviceManager;
  readonly settings: Pick<Settings, 'signature' | 'payments' | 'wallet' | 'surcharge' | 'integratedTerminal'>;
  /** The lane's integrated terminal, when `payments.device` is `integrated-terminal` (ADR 085). */
  readonly integratedTerminal?: IntegratedTerminalSource;
  /** The pay-link service and the tokenizer client, for wallet payments. */
  readonly wallet: LaneWallet;
  readonly state: TerminalStateStore;
  readonly keyed: KeyedEntry;
  readonly captureSignature: (signal: AbortSignal) => Promise<SignatureStep>;
  /** Shows the surcharge a card sale would carry and waits for the cashier's Confirm (true) or Cancel. */
  readonly confirmFee: (notice: SurchargeNotice, signal: AbortSignal) => Promise<boolean>;
  readonly previewProfile: PrinterProfile;
  readonly logger: Logger;
  /** The lane's clock: when a customer's consent to keep the card on file was given. */
  readonly now: () => number;
}

/**
 * A sale above the lane's limit, refused before anything moves, whichever way it came in (the
 * counter's keypad or cart, the kiosk's basket, the till API): the keypad stops at the same limit,
 * but a cart adds up to whatever its lines say.
 */
function refuseAboveSaleLimit(amountMinor: number, cart: boolean): void {
  if (amountMinor <= maxSaleMinor) return;
  const total = formatMinorUnits(amountMinor);
  const limit = formatMinorUnits(maxSaleMinor);
  throw new LaneError(
    'invalid',
    cart
      ? `The cart comes to ${total}, more than one sale can take (${limit}): check its quantities and prices, or ring it up as two sales.`
      : `${total} is more than one sale can take (${limit}): check the amount.`,
    cart ? 'cart' : 'amountMinor',
  );
}

/** The summary with what it did with a card on file, once its outcome is known (approved or declined). */
function withCardOnFile(summary: SaleSummary, part: CardOnFilePart | undefined): SaleSummary {
  if (!part || !['approved', 'partial', 'declined'].includes(summary.outcome)) return summary;
  return { ...summary, cardOnFile: cardOnFileNote(part.use, summary.outcome !== 'declined') };
}

/** The lane's payments: each checks the merchant's rules before anything moves, then runs as one payment of the sale. */
export function createPayments(options: PaymentsOptions): Payments {
  const { customerSale, lane, manager, settings, state, logger } = options;
  const onPhase: TerminalStateStore['enter'] = (phase, detail) => state.enter(phase, detail);

  const cardSale = async (
    request: {
      amountMinor: number;
      tender: CardTender;
      entry: CardEntry;
      captureDetails: CaptureDetails | undefined;
      /** The tip given with the sale, inside `amountMinor`. */
      tipMinor?: number;
      /** One part of a sale paid in parts (`totalMinor` given). */
      part: boolean;
      /** A forced sale: the issuer's voice authorization code. */
      voiceAuthcode?: string;
      /** The customer agreed to have the card stored with this sale. */
      cardOnFile?: CardOnFilePart;
    },
    abort: AbortController,
    how: PaymentOptions,
  ): Promise<SaleSummary> => {
    const { cardOnFile } = request;
    const onDevice = settings.payments.device === 'integrated-terminal' || manager.cardReader()?.unattended;
    if (cardOnFile && onDevice)
      throw new LaneError(
        'refused',
        'This lane\u2019s card device authorizes by itself and cannot save the card on file: charge the card without saving it.',
        'saveCard',
      );
    if (settings.payments.device === 'integrated-terminal') return terminalSale(request, abort, how);
    const reader = manager.cardReader();
    if (!reader) throw new LaneError('refused', 'No card reader is configured: add one under Devices in the settings.');
    const deps = await lane();
    const { amountMinor, tender, entry, captureDetails, tipMinor, voiceAuthcode } = request;
    const onOutcome: OutcomeListener = (known) => customerSale.outcomeKnown(known, tender, amountMinor);
    try {
      // An unattended device reads and authorizes by itself; a card the cashier keys is still the lane's to authorize.
      const device = reader.unattended && entry !== 'keyed' ? reader.unattended : undefined;
      if (device && voiceAuthcode)
        throw new LaneError(
          'refused',
          'This lane\u2019s payment device authorizes cards by itself and cannot send a voice authorization code: key the card for the forced sale.',
          'entry',
        );
      // At a kiosk the customer chooses the receipt after the payment: nothing prints now.
      const held = how.holdReceipts ? { holdReceipts: true } : {};
      const user = reader.setting.protocol === 'pae' ? reader.setting.paymentUser : 'Lanepoint';
      const result = device
        ? await runDeviceSale(
            { ...deps, device, user, logger, ...held },
            { amountMinor, tender, signal: abort.signal, onPhase, onOutcome },
          )
        : await runSale(
            {
              ...deps,
              reader: reader.reader,
              chipFailuresBeforeFallback: reader.setting.chipFailuresBeforeFallback,
              policy: settings.signature.policy,
              captureSignature: options.captureSignature,
              cardTimeoutSeconds: settings.payments.cardTimeoutSeconds,
              keyedEntry: (signal) =>
                options.keyed.read(signal, {
                  timeoutSeconds: settings.payments.cardTimeoutSeconds,
                  askStreet: settings.payments.askStreetWhenKeyed,
                }),
              surcharge: { client: deps.client, settings: settings.surcharge, confirmFee: options.confirmFee },
              logger,
              ...held,
            },
            {
              amountMinor,
              tender,
              entry,
              ...(captureDetails ? { captureDetails } : {}),
              ...(tipMinor ? { tipMinor } : {}),
              ...(voiceAuthcode ? { voiceAuthcode } : {}),
              ...(cardOnFile ? { cardOnFile } : {}),
              signal: abort.signal,
              onPhase,
              onOutcome,
            },
          );
      return customerSale.finished(
        withCardOnFile(summarize(result, tender, amountMinor, options.previewProfile), cardOnFile),
      );
    } catch (error) {
      return customerSale.stopped(error, abort);
    }
  };

  /**
   * A card sale on the lane's integrated terminal: the terminal reads the card and authorizes;
   * the lane journals and prints. A card keyed at the lane is refused: authCard takes no keyed
   * card, and a number typed on the lane would pass through it, which the terminal is there to avoid.
   */
  const terminalSale = async (
    request: { amountMinor: number; tender: CardTender; entry: CardEntry; part: boolean },
    abort: AbortController,
    how: PaymentOptions,
  ): Promise<SaleSummary> => {
    const { amountMinor, tender, entry } = request;
    // The tip is asked once a sale: not on a part of it, nor on the rest after a partial approval.
    const firstPayment = !request.part && (customerSale.current()?.results.length ?? 0) === 0;
    // What was asked includes the tip chosen on the terminal, as a tip given with the sale is in its amount.
    let tipMinor = 0;
    const onTip = (chosen: number) => {
      tipMinor = chosen;
      customerSale.tipped(chosen);
    };
    const onOutcome: OutcomeListener = (known) => customerSale.outcomeKnown(known, tender, amountMinor + tipMinor);
    try {
      if (tender === 'forced-sale')
        throw new LaneError(
          'refused',
          'This lane takes cards on its integrated terminal, which sends no voice authorization code: a forced sale is made at a lane with a card reader or in the gateway\u2019s virtual terminal.',
          'tender',
        );
      if (entry === 'keyed')
        throw new LaneError(
          'refused',
          'This lane takes cards on its integrated terminal, which keys no card for a sale: insert, tap or swipe the card on the terminal, or take another tender.',
          'entry',
        );
      if (!options.integratedTerminal)
        throw new LaneError(
          'refused',
          'This lane is set to take cards on an integrated terminal, but none is set up: set integratedTerminal in the settings and its API key in the secret store.',
        );
      const terminal = await options.integratedTerminal();
      const deps = await lane();
      const result = await runTerminalSale(
        {
          ...deps,
          terminal,
          tips: settings.payments.tips && firstPayment,
          pinDebit: settings.integratedTerminal.pinDebit,
          policy: settings.signature.policy,
          logger,
          ...(how.holdReceipts ? { holdReceipts: true } : {}),
        },
        { amountMinor, tender, signal: abort.signal, onPhase, onOutcome, onTip },
      );
      return customerSale.finished(summarize(result, tender, amountMinor + tipMinor, options.previewProfile));
    } catch (error) {
      return customerSale.stopped(error, abort);
    }
  };

  /** A sale that reads no card: an electronic check or a stored profile. */
  const keyedSale = async (
    payment: Omit<TenderedPayment, 'tender' | 'signatureRequired' | 'onPhase' | 'onOutcome'> & {
      tender: 'ach' | 'profile';
    },
  ): Promise<SaleSummary> => {
    const { amountMinor, tender, card } = payment;
    const deps = await lane();
    try {
      const onOutcome: OutcomeListener = (known) => customerSale.outcomeKnown(known, tender, amountMinor);
      const result = await authorizeAndPrint(
        { ...deps, logger },
        { ...payment, signatureRequired: false, onPhase, onOutcome },
      );
      const paidWith = { maskedPan: card.maskedPan ?? '', entryMode: card.entryMode, network: tender };
      return customerSale.finished(
        withCardOnFile(
          summarize({ ...result, card: paidWith }, tender, amountMinor, options.previewProfile),
          payment.cardOnFile,
        ),
      );
    } catch (error) {
      return customerSale.stopped(error);
    }
  };

  return {
    walletSale({ amountMinor, tipMinor = 0, cart, totalMinor }, how = {}) {
      if (!settings.wallet.enabled) throw walletPaymentsOff();
      refuseAboveSaleLimit(totalMinor ?? amountMinor, cart !== undefined);
      if (tipMinor > 0 && !settings.payments.tips)
        throw new LaneError('refused', 'This merchant does not take tips: charge the amount without one.', 'tipMinor');
      const captureDetails = cart ? cartDetails(cart, tipMinor) : undefined;
      return customerSale.payment(
        `wallet:${amountMinor}`,
        {
          amountMinor,
          tender: 'wallet',
          entry: 'card',
          tipMinor,
          ...(cart ? { cart } : {}),
          ...(totalMinor !== undefined ? { totalMinor } : {}),
        },
        (abort) =>
          runWalletSale(
            {
              customerSale,
              lane,
              wallet: options.wallet,
              state,
              previewProfile: options.previewProfile,
              logger,
              surcharge: { settings: settings.surcharge, confirmFee: options.confirmFee },
            },
            { amountMinor, ...(captureDetails ? { captureDetails } : {}), ...how },
            abort,
          ),
      );
    },
    sale(
      { amountMinor, tender = 'sale', entry = 'card', tipMinor = 0, cart, totalMinor, voiceAuthcode, saveCard },
      how = {},
    ) {
      refuseAboveSaleLimit(totalMinor ?? amountMinor, cart !== undefined);
      if (saveCard && tender !== 'sale')
        throw new LaneError('invalid', 'A card is saved on file only with a sale.', 'saveCard');
      const cardOnFile = saveCard ? saveCardPart(saveCard, how.consentBy, options.now()) : undefined;
      if (tender === 'forced-credit' && !settings.payments.forcedCredit) {
        throw new LaneError(
          'refused',
          'This merchant is not set up for refunds without a sale: refund the original sale by its order id.',
          'tender',
        );
      }
      if (tipMinor > 0 && !settings.payments.tips)
        throw new LaneError('refused', 'This merchant does not take tips: charge the amount without one.', 'tipMinor');
      if (tipMinor > 0 && settings.payments.device === 'integrated-terminal')
        throw new LaneError(
          'refused',
          'The customer chooses the tip on the integrated terminal: charge the amount without one.',
          'tipMinor',
        );
      if (tipMinor > 0 && tender === 'forced-credit')
        throw new LaneError('invalid', 'A refund takes no tip.', 'tipMinor');
      if (tipMinor > 0 && tender === 'forced-sale')
        throw new LaneError(
          'invalid',
          'A forced sale is for the amount the issuer approved by telephone: charge that amount, without a tip.',
          'tipMinor',
        );
      if (totalMinor !== undefined && tender !== 'sale')
        throw new LaneError('invalid', 'Only a sale is paid in parts: charge the whole amount.', 'totalMinor');
      const captureDetails = cart ? cartDetails(cart, tipMinor) : undefined;
      return customerSale.payment(
        `sale:${tender}:${entry}:${amountMinor}${voiceAuthcode ? `:${voiceAuthcode}` : ''}`,
        { amountMinor, tender, entry, tipMinor, ...(cart ? { cart } : {}), ...(totalMinor ? { totalMinor } : {}) },
        (abort) =>
          cardSale(
            {
              amountMinor,
              tender,
              entry,
              captureDetails,
              tipMinor,
              part: totalMinor !== undefined,
              ...(voiceAuthcode ? { voiceAuthcode } : {}),
              ...(cardOnFile ? { cardOnFile } : {}),
            },
            abort,
            how,
          ),
      );
    },
    achSale({ amountMinor, routing, account, accountType, name }) {
      refuseAboveSaleLimit(amountMinor, false);
      if (!settings.payments.ach)
        throw new LaneError('refused', 'This merchant does not take electronic checks.', 'tender');
      const lastFour = account.slice(-4);
      return customerSale.payment(
        `ach:${amountMinor}:${lastFour}`,
        { amountMinor, tender: 'ach', entry: 'keyed' },
        () =>
          keyedSale({
            amountMinor,
            tender: 'ach',
            fields: achAuthorizationFields({ routing, account, accountType, name }),
            card: { maskedPan: `****${lastFour}`, entryMode: 'ach' },
            cardFacts: {
              lastFour,
              brand: achAccountWords(accountType),
              entryMethod: entryMethodWords('ach'),
              name,
            },
            // Written consent (PPD): the words the customer agreed to, and the signature line under them.
            receiptAgreement: achConsentWords,
            accountType,
          }),
      );
    },
    profileSale({ amountMinor, profile, initiated = 'customer' }) {
      refuseAboveSaleLimit(amountMinor, false);
      const request = { amountMinor, tender: 'profile', entry: 'keyed' } as const;
      // The card is not present: no signature, and the stored-credential flags say who started the charge.
      const cardOnFile = storedCardPart(profile, initiated);
      return customerSale.payment(`profile:${initiated}:${amountMinor}:${profile}`, request, async () =>
        keyedSale({
          amountMinor,
          tender: 'profile',
          fields: {},
          cardOnFile,
          ...storedCardShown(await readStoredCard(await lane(), profile, logger)),
        }),
      );
    },
  };
}
