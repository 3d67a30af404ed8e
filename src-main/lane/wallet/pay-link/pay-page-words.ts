/**
 * The pay page's words for where the payment was started and in the customer's language: the
 * counter's cashier, or the kiosk the customer stands at (in the language chosen for the visit,
 * as the kiosk's own dictionary speaks it). A language the page has no words for reads English.
 */
import type { PayLinkState } from './pay-page-parts';

/** Who started the payment and in which language the page speaks to the customer. */
export interface PayPageVoice {
  readonly place: 'counter' | 'kiosk';
  /** ISO 639-1, optionally with a region ("es", "es-MX"); the kiosk's language for the visit. */
  readonly language: string;
}

export interface PayPageWords {
  /** The `lang` of the page. */
  readonly language: 'en' | 'es';
  /** What the customer reads in each state. */
  readonly states: Readonly<Record<PayLinkState, string>>;
  /** Approved for part of the amount. */
  readonly partlyPaid: string;
  /** The answer was lost: the lane is asking the bank. */
  readonly checking: string;
  /** Anything else that stopped the payment. */
  readonly notThrough: string;
  /** The heading when the store has no name set. */
  readonly storeFallback: string;
  readonly title: (store: string) => string;
  readonly trainingWallet: string;
  readonly trainingWalletEcV2: string;
  readonly lookingForWallet: string;
  readonly trainingNote: string;
  /** The page's own script could not reach the service. */
  readonly unsent: string;
  /** Live: the phone has no wallet; the wallet did not pay; a wallet button is offered. */
  readonly noWallet: string;
  readonly walletFailed: string;
  readonly tapToPay: string;
}

const englishFor = (place: PayPageVoice['place']): PayPageWords => {
  const kiosk = place === 'kiosk';
  const askAgain = kiosk
    ? 'Choose \u201cPay on your phone\u201d on the kiosk again.'
    : 'Ask the cashier to start a new payment on your phone.';
  const ask = kiosk ? 'please ask for help at the kiosk.' : 'please ask the cashier.';
  return {
    language: 'en',
    states: {
      waiting: 'Choose your wallet to pay.',
      processing: 'Paying\u2026 keep this page open.',
      approved: 'Paid. Thank you!',
      declined: kiosk
        ? 'The payment was declined. Please pay another way at the kiosk.'
        : 'The payment was declined. Please pay another way at the counter.',
      refused: `The payment could not be used. ${askAgain}`,
      canceled: kiosk ? 'This payment was canceled at the kiosk.' : 'This payment was canceled at the counter.',
      expired: kiosk
        ? `This payment link has expired. ${askAgain}`
        : 'This payment link has expired. Ask the cashier for a new one.',
    },
    partlyPaid: kiosk
      ? 'Part of the amount was paid: pay the rest at the kiosk.'
      : 'Part of the amount was paid: the cashier will take the rest.',
    checking: `The payment is being checked with the bank: ${ask}`,
    notThrough: `The payment did not go through: ${ask}`,
    storeFallback: kiosk ? 'Pay at the kiosk' : 'Pay at the counter',
    title: (store) => `${store}: pay on your phone`,
    trainingWallet: 'Pay with the training wallet',
    trainingWalletEcV2: 'Pay with the training ECv2 wallet',
    lookingForWallet: 'Looking for a wallet on this phone\u2026',
    trainingNote: 'Training: no real money moves.',
    unsent: 'The payment could not be sent: try again.',
    noWallet: kiosk
      ? 'No wallet is available on this phone. Please pay by card at the kiosk.'
      : 'No wallet is available on this phone. Please pay at the counter with your card.',
    walletFailed: kiosk
      ? 'The wallet did not pay. Try again, or pay by card at the kiosk.'
      : 'The wallet did not pay. Try again, or pay at the counter.',
    tapToPay: 'Tap the button to pay with your wallet.',
  };
};

const spanishFor = (place: PayPageVoice['place']): PayPageWords => {
  const kiosk = place === 'kiosk';
  const askAgain = kiosk
    ? 'Elija de nuevo \u201cPagar con su tel\u00e9fono\u201d en la caja.'
    : 'Pida al cajero un nuevo pago con su tel\u00e9fono.';
  const ask = kiosk ? 'pida ayuda en la caja.' : 'pregunte al cajero.';
  return {
    language: 'es',
    states: {
      waiting: 'Elija su billetera para pagar.',
      processing: 'Pagando\u2026 no cierre esta p\u00e1gina.',
      approved: 'Pagado. \u00a1Gracias!',
      declined: kiosk
        ? 'El pago fue rechazado. Pague de otra forma en la caja.'
        : 'El pago fue rechazado. Pague de otra forma en el mostrador.',
      refused: `No se pudo usar el pago. ${askAgain}`,
      canceled: kiosk ? 'Este pago se cancel\u00f3 en la caja.' : 'Este pago se cancel\u00f3 en el mostrador.',
      expired: `Este enlace de pago ha caducado. ${askAgain}`,
    },
    partlyPaid: kiosk
      ? 'Se pag\u00f3 una parte del importe: pague el resto en la caja.'
      : 'Se pag\u00f3 una parte del importe: el cajero cobrar\u00e1 el resto.',
    checking: `Estamos confirmando el pago con el banco: ${ask}`,
    notThrough: `El pago no se realiz\u00f3: ${ask}`,
    storeFallback: kiosk ? 'Pague en la caja' : 'Pague en el mostrador',
    title: (store) => `${store}: pague con su tel\u00e9fono`,
    trainingWallet: 'Pagar con la billetera de pr\u00e1ctica',
    trainingWalletEcV2: 'Pagar con la billetera de pr\u00e1ctica ECv2',
    lookingForWallet: 'Buscando una billetera en este tel\u00e9fono\u2026',
    trainingNote: 'Pr\u00e1ctica: no se mueve dinero real.',
    unsent: 'No se pudo enviar el pago: int\u00e9ntelo de nuevo.',
    noWallet: kiosk
      ? 'No hay ninguna billetera en este tel\u00e9fono. Pague con tarjeta en la caja.'
      : 'No hay ninguna billetera en este tel\u00e9fono. Pague con tarjeta en el mostrador.',
    walletFailed: kiosk
      ? 'La billetera no pag\u00f3. Int\u00e9ntelo de nuevo o pague con tarjeta en la caja.'
      : 'La billetera no pag\u00f3. Int\u00e9ntelo de nuevo o pague en el mostrador.',
    tapToPay: 'Toque el bot\u00f3n para pagar con su billetera.',
  };
};

/** The counter's English: the page's words when no voice is given. */
export const counterWords = englishFor('counter');

/** The page's words for `voice` ("es-MX" speaks "es"; other languages read English). */
export function payPageWords(voice?: PayPageVoice): PayPageWords {
  if (!voice) return counterWords;
  return voice.language.split('-')[0] === 'es' ? spanishFor(voice.place) : englishFor(voice.place);
}
