import type { TerminalPhase } from '../../src-main/lane/ipc/contract';
import type { PayLinkWords } from '../components/PayLinkWait';
import { formatMoney } from '../../src-main/platform/money';

/**
 * Every word the kiosk's customer reads, in each language the store may offer. Customer words
 * only: no device names, no version numbers, no staff jargon ("PAN", "void", "terminal"). A
 * language missing here falls back to English (`kioskWords`), so a store listing one we do
 * not have still shows whole sentences.
 */
export interface KioskWords {
  /** The language's name in itself, for the welcome's choice. */
  readonly languageName: string;
  readonly welcome: string;
  readonly touchToStart: string;
  readonly start: string;
  readonly chooseLanguage: string;
  readonly basketHeading: string;
  readonly basketEmpty: string;
  readonly pickHeading: string;
  readonly allItems: string;
  readonly fewer: (name: string) => string;
  readonly more: (name: string) => string;
  readonly remove: (name: string) => string;
  readonly quantityOf: (name: string, quantity: number) => string;
  readonly subtotal: string;
  readonly tax: string;
  readonly total: string;
  readonly paid: string;
  readonly stillToPay: string;
  readonly payByCard: (amountMinor: number) => string;
  readonly payOnPhone: string;
  readonly cancelOrder: string;
  /** Asked before cancelling an order part of which is paid: that money goes back. */
  readonly cancelOrderQuestion: string;
  readonly paymentReturned: (paidMinor: number) => string;
  readonly cancelOrderYes: string;
  readonly cancelOrderNo: string;
  /** Accessibility mode opens the catalogue as a view of its own in the lower half. */
  readonly addItem: string;
  readonly added: (name: string) => string;
  /** The kiosk's own scanner read a barcode the store does not know (the main process says which). */
  readonly unknownItem: string;
  /** A scan the scanner sent garbled or cut short. */
  readonly scanAgain: string;
  /** A call for staff reached the store's call channel. */
  readonly staffComing: string;
  /** The call is on its way to the channel (its first attempt). */
  readonly callingStaff: string;
  /** No call channel, or the call did not get through: the customer must look for someone. */
  readonly findStaff: string;
  /** The help screen's button that calls a member of staff. */
  readonly callStaff: string;
  readonly somethingWrong: string;
  readonly amountToPay: string;
  readonly cancel: string;
  readonly timeLeft: (seconds: number) => string;
  /** The payment's phase, as a customer reads it. */
  readonly phases: Readonly<Record<TerminalPhase, string>>;
  readonly cardHint: string;
  readonly payOnPhoneInstead: string;
  readonly backToBasket: string;
  readonly tryAgainByCard: (amountMinor: number) => string;
  /** The signature screen's words (SignaturePanel in the customer's language). */
  readonly signature: CustomerSignatureWords;
  /** The phone payment's panel (components/PayLinkWait.tsx in the customer's language). */
  readonly payLink: PayLinkWords;
  readonly receiptQuestion: string;
  readonly printReceipt: string;
  readonly noReceipt: string;
  readonly receiptProblem: string;
  readonly thanks: string;
  readonly takeItems: string;
  readonly receiptPrinting: string;
  readonly finish: string;
  readonly moreTimeQuestion: string;
  readonly moreTimeYes: string;
  readonly startsAgainIn: (seconds: number) => string;
  readonly closedHeading: string;
  readonly closedHint: string;
  readonly unreachable: string;
  readonly help: string;
  readonly accessibility: string;
  readonly accessibilityOn: string;
  /** The gateway cannot be reached and card payments are stored to be sent later. */
  readonly offlineStoring: string;
  /** The gateway cannot be reached and no more card payments are taken (the kiosk takes no cash). */
  readonly offlineRefusing: string;
  /** The outcome of a finished payment (kioskOutcomeHeadline). */
  readonly outcome: OutcomeWords;
}

/** The words of the signature screen for a customer (components/SignaturePanel.tsx takes them). */
export interface CustomerSignatureWords {
  readonly onScreen: string;
  readonly onPad: string;
  readonly screenHint: string;
  readonly padHint: string;
  readonly cancelNote: string;
  readonly area: string;
  readonly nothingYet: string;
  readonly clear: string;
  readonly cancel: string;
  readonly done: string;
  /** The label beside the amount being paid, shown while the customer signs. */
  readonly amount: string;
  /** After Done, while the payment is approved: the customer's words, not the cashier's image details. */
  readonly accepted: string;
  readonly acceptedHint: string;
}

/** The words of a finished payment, chosen by what the money did (components/kiosk-outcome.ts). */
export interface OutcomeWords {
  readonly welcome: string;
  readonly stopped: string;
  readonly partlyPaid: (paidMinor: number, dueMinor: number) => string;
  readonly approved: string;
  /** A card payment stored while offline: taken, but not approved by the bank yet. */
  readonly stored: (amountMinor: number) => string;
  readonly cardDeclined: string;
  readonly phoneDeclined: string;
  readonly staffNeeded: string;
  readonly cardNotCharged: string;
  readonly phoneNotCharged: string;
  readonly payOnPhone: string;
  readonly phonePaid: string;
}

const english: KioskWords = {
  languageName: 'English',
  welcome: 'Welcome',
  touchToStart: 'Touch the screen to start, or scan your first item',
  start: 'Start',
  chooseLanguage: 'Language',
  basketHeading: 'Your items',
  basketEmpty: 'Scan an item, or choose one from the list.',
  pickHeading: 'Choose an item',
  allItems: 'All items',
  fewer: (name) => `One less ${name}`,
  more: (name) => `One more ${name}`,
  remove: (name) => `Remove ${name}`,
  quantityOf: (name, quantity) => `${name}: ${quantity}`,
  subtotal: 'Subtotal',
  tax: 'Tax',
  total: 'Total',
  paid: 'Paid',
  stillToPay: 'Still to pay',
  payByCard: (amountMinor) => `Pay ${formatMoney(amountMinor)} by card`,
  payOnPhone: 'Pay on your phone',
  cancelOrder: 'Cancel my order',
  cancelOrderQuestion: 'Cancel your order?',
  paymentReturned: (paidMinor) =>
    `Your payment of ${formatMoney(paidMinor)} will be returned to the card or phone you paid with.`,
  cancelOrderYes: 'Yes, cancel my order',
  cancelOrderNo: 'No, keep my order',
  addItem: 'Add an item',
  added: (name) => `Added: ${name}`,
  unknownItem: 'We could not find that item. Please choose it from the list or ask for help.',
  scanAgain: 'That scan did not read. Please scan the item again.',
  staffComing: 'A member of staff has been called and will be with you shortly.',
  callingStaff: 'Calling a member of staff\u2026',
  findStaff: 'Please find a member of staff: we could not call one from here.',
  callStaff: 'Call a member of staff',
  somethingWrong: 'That did not work. Please try again or ask for help.',
  amountToPay: 'To pay',
  cancel: 'Cancel',
  timeLeft: (seconds) => `Time left: ${seconds} s`,
  phases: {
    starting: 'One moment\u2026',
    idle: 'One moment\u2026',
    'awaiting-card': 'Insert, tap or swipe your card',
    'card-read': 'Card read',
    'confirm-fee': 'A credit card surcharge applies: ask a member of staff',
    signature: 'Please sign below',
    authorizing: 'Approving your payment\u2026',
    resolving: 'One moment, please',
    approved: 'Approved',
    partial: 'Only part of the amount was approved',
    declined: 'Your card was declined',
    retry: 'Please try again',
    unknown: 'One moment, please',
    stored: 'Card payment stored: it is sent when the network is back',
    printing: 'Printing your receipt',
    done: 'One moment\u2026',
    working: 'One moment, please',
    offline: 'Card payments are not available right now',
  },
  cardHint: 'Follow the instructions on the card reader.',
  payOnPhoneInstead: 'Pay on your phone instead',
  backToBasket: 'Back to my items',
  tryAgainByCard: (amountMinor) => `Pay ${formatMoney(amountMinor)} with a card`,
  signature: {
    onScreen: 'Please sign below',
    onPad: 'Please sign on the signature pad',
    screenHint: 'Sign in the box with your finger, then press Done.',
    padHint: 'Sign on the pad with its pen; your signature appears here.',
    cancelNote: 'Cancel stops the payment: nothing is charged.',
    area: 'Signature area: sign here with your finger',
    nothingYet: 'Nothing has been signed yet: sign in the box first.',
    clear: 'Clear',
    cancel: 'Cancel',
    done: 'Done',
    amount: 'Amount to pay',
    accepted: 'Thank you for signing',
    acceptedHint: 'One moment while your payment is approved.',
  },
  payLink: {
    headline: 'Scan the code with your phone\u2019s camera',
    scan: 'Then pay with your wallet on the page that opens.',
    link: 'Or open',
    expires: 'This code works for',
    expired: 'This code has expired. Press Cancel and choose how to pay again.',
    cancel: 'Cancel',
    code: (amount) => `QR code to pay ${amount} on your phone`,
  },
  receiptQuestion: 'Would you like a receipt?',
  printReceipt: 'Print a receipt',
  noReceipt: 'No receipt',
  receiptProblem: 'Your receipt could not be printed. A member of staff can print it for you.',
  thanks: 'Thank you',
  takeItems: 'Please take your items. Have a nice day!',
  receiptPrinting: 'Please take your receipt.',
  finish: 'Finish',
  moreTimeQuestion: 'Do you need more time?',
  moreTimeYes: 'Yes, I need more time',
  startsAgainIn: (seconds) => `Otherwise this checkout starts again in ${seconds} seconds.`,
  closedHeading: 'This checkout is closed',
  closedHint: 'Please use another checkout. Sorry for the wait.',
  unreachable: 'This checkout is not available right now. Please ask a member of staff.',
  help: 'Help',
  accessibility: 'Accessibility',
  accessibilityOn: 'Accessibility: on',
  offlineStoring: 'Card payments are being stored and sent later',
  offlineRefusing: 'Card payments are not available right now; please ask a member of staff',
  outcome: {
    welcome: 'Welcome',
    stopped: 'Payment stopped: nothing was charged',
    partlyPaid: (paidMinor, dueMinor) => `Paid ${formatMoney(paidMinor)}, ${formatMoney(dueMinor)} still to pay`,
    approved: 'Approved: thank you',
    stored: (amountMinor) =>
      `Thank you: your card payment of ${formatMoney(amountMinor)} is stored and will be sent to your bank when our connection is back`,
    cardDeclined: 'Card declined, try another card or ask for help',
    phoneDeclined: 'Payment declined on your phone: pay another way or ask for help',
    staffNeeded: 'Please wait for a member of staff',
    cardNotCharged: 'Not charged: please try again or ask for help',
    phoneNotCharged: 'Not charged: please pay again on your phone or ask for help',
    payOnPhone: 'Pay on your phone',
    phonePaid: 'Payment received from your phone',
  },
};

const spanish: KioskWords = {
  languageName: 'Espa\u00f1ol',
  welcome: 'Bienvenido',
  touchToStart: 'Toque la pantalla para empezar o escanee su primer art\u00edculo',
  start: 'Empezar',
  chooseLanguage: 'Idioma',
  basketHeading: 'Sus art\u00edculos',
  basketEmpty: 'Escanee un art\u00edculo o elija uno de la lista.',
  pickHeading: 'Elija un art\u00edculo',
  allItems: 'Todos',
  fewer: (name) => `Uno menos de ${name}`,
  more: (name) => `Uno m\u00e1s de ${name}`,
  remove: (name) => `Quitar ${name}`,
  quantityOf: (name, quantity) => `${name}: ${quantity}`,
  subtotal: 'Subtotal',
  tax: 'Impuestos',
  total: 'Total',
  paid: 'Pagado',
  stillToPay: 'Falta pagar',
  payByCard: (amountMinor) => `Pagar ${formatMoney(amountMinor)} con tarjeta`,
  payOnPhone: 'Pagar con su tel\u00e9fono',
  cancelOrder: 'Cancelar mi compra',
  cancelOrderQuestion: '\u00bfCancelar su compra?',
  paymentReturned: (paidMinor) =>
    `Le devolveremos su pago de ${formatMoney(paidMinor)} a la tarjeta o al tel\u00e9fono con el que pag\u00f3.`,
  cancelOrderYes: 'S\u00ed, cancelar mi compra',
  cancelOrderNo: 'No, seguir con mi compra',
  addItem: 'A\u00f1adir un art\u00edculo',
  added: (name) => `A\u00f1adido: ${name}`,
  unknownItem: 'No encontramos ese art\u00edculo. Elija el art\u00edculo de la lista o pida ayuda.',
  scanAgain: 'No se pudo leer. Escanee el art\u00edculo otra vez.',
  staffComing: 'Hemos llamado a un empleado. Vendr\u00e1 enseguida.',
  callingStaff: 'Llamando a un empleado\u2026',
  findStaff: 'Por favor, busque a un empleado: no pudimos llamarlo desde aqu\u00ed.',
  callStaff: 'Llamar a un empleado',
  somethingWrong: 'No se pudo hacer. Int\u00e9ntelo de nuevo o pida ayuda.',
  amountToPay: 'A pagar',
  cancel: 'Cancelar',
  timeLeft: (seconds) => `Tiempo restante: ${seconds} s`,
  phases: {
    starting: 'Un momento\u2026',
    idle: 'Un momento\u2026',
    'awaiting-card': 'Inserte, acerque o deslice su tarjeta',
    'card-read': 'Tarjeta le\u00edda',
    'confirm-fee': 'Se aplica un recargo a tarjetas de cr\u00e9dito: pida ayuda al personal',
    signature: 'Firme abajo, por favor',
    authorizing: 'Aprobando su pago\u2026',
    resolving: 'Un momento, por favor',
    approved: 'Aprobado',
    partial: 'Solo se aprob\u00f3 una parte del importe',
    declined: 'Su tarjeta fue rechazada',
    retry: 'Int\u00e9ntelo de nuevo, por favor',
    unknown: 'Un momento, por favor',
    stored: 'Pago con tarjeta guardado: se envía cuando vuelva la red',
    printing: 'Imprimiendo su recibo',
    done: 'Un momento\u2026',
    working: 'Un momento, por favor',
    offline: 'Los pagos con tarjeta no est\u00e1n disponibles ahora',
  },
  cardHint: 'Siga las instrucciones del lector de tarjetas.',
  payOnPhoneInstead: 'Pagar con su tel\u00e9fono',
  backToBasket: 'Volver a mis art\u00edculos',
  tryAgainByCard: (amountMinor) => `Pagar ${formatMoney(amountMinor)} con una tarjeta`,
  signature: {
    onScreen: 'Firme abajo, por favor',
    onPad: 'Firme en el panel de firma, por favor',
    screenHint: 'Firme en el recuadro con el dedo y pulse Listo.',
    padHint: 'Firme en el panel con su l\u00e1piz; su firma aparece aqu\u00ed.',
    cancelNote: 'Cancelar detiene el pago: no se cobra nada.',
    area: 'Recuadro de firma: firme aqu\u00ed con el dedo',
    nothingYet: 'Todav\u00eda no ha firmado: firme primero en el recuadro.',
    clear: 'Borrar',
    cancel: 'Cancelar',
    done: 'Listo',
    amount: 'Importe a pagar',
    accepted: 'Gracias por firmar',
    acceptedHint: 'Un momento mientras se aprueba su pago.',
  },
  payLink: {
    headline: 'Escanee el c\u00f3digo con la c\u00e1mara de su tel\u00e9fono',
    scan: 'Despu\u00e9s pague con su billetera en la p\u00e1gina que se abre.',
    link: 'O abra',
    expires: 'Este c\u00f3digo vale durante',
    expired: 'Este c\u00f3digo ha caducado. Pulse Cancelar y elija de nuevo c\u00f3mo pagar.',
    cancel: 'Cancelar',
    code: (amount) => `C\u00f3digo QR para pagar ${amount} con su tel\u00e9fono`,
  },
  receiptQuestion: '\u00bfDesea un recibo?',
  printReceipt: 'Imprimir recibo',
  noReceipt: 'Sin recibo',
  receiptProblem: 'No se pudo imprimir su recibo. Un empleado puede imprim\u00edrselo.',
  thanks: 'Gracias',
  takeItems: 'No olvide sus art\u00edculos. \u00a1Que tenga un buen d\u00eda!',
  receiptPrinting: 'Tome su recibo, por favor.',
  finish: 'Terminar',
  moreTimeQuestion: '\u00bfNecesita m\u00e1s tiempo?',
  moreTimeYes: 'S\u00ed, necesito m\u00e1s tiempo',
  startsAgainIn: (seconds) => `Si no, esta caja empezar\u00e1 de nuevo en ${seconds} segundos.`,
  closedHeading: 'Esta caja est\u00e1 cerrada',
  closedHint: 'Use otra caja, por favor. Disculpe la espera.',
  unreachable: 'Esta caja no est\u00e1 disponible ahora. Pida ayuda a un empleado.',
  help: 'Ayuda',
  accessibility: 'Accesibilidad',
  accessibilityOn: 'Accesibilidad: activada',
  offlineStoring: 'Los pagos con tarjeta se guardan y se env\u00edan m\u00e1s tarde',
  offlineRefusing: 'Los pagos con tarjeta no est\u00e1n disponibles ahora; pida ayuda a un empleado',
  outcome: {
    welcome: 'Bienvenido',
    stopped: 'Pago detenido: no se cobr\u00f3 nada',
    partlyPaid: (paidMinor, dueMinor) => `Pagado ${formatMoney(paidMinor)}, falta pagar ${formatMoney(dueMinor)}`,
    approved: 'Aprobado: gracias',
    stored: (amountMinor) =>
      `Gracias: su pago con tarjeta de ${formatMoney(amountMinor)} queda guardado y se enviar\u00e1 a su banco cuando vuelva la conexi\u00f3n`,
    cardDeclined: 'Tarjeta rechazada: pruebe con otra tarjeta o pida ayuda',
    phoneDeclined: 'Pago rechazado en su tel\u00e9fono: pague de otra forma o pida ayuda',
    staffNeeded: 'Espere, por favor: un empleado viene a ayudarle',
    cardNotCharged: 'No se cobr\u00f3 nada: int\u00e9ntelo de nuevo o pida ayuda',
    phoneNotCharged: 'No se cobr\u00f3 nada: pague de nuevo con su tel\u00e9fono o pida ayuda',
    payOnPhone: 'Pagar con su tel\u00e9fono',
    phonePaid: 'Pago recibido desde su tel\u00e9fono',
  },
};

const dictionary: Readonly<Record<string, KioskWords>> = { en: english, es: spanish };

/** The English words: the default, and what any language the dictionary lacks falls back to. */
export const englishWords = english;

/** The customer's words in `language` ("en", "es"); English where the dictionary has no such language. */
export function kioskWords(language: string): KioskWords {
  // "es-MX" speaks the dictionary's "es".
  return dictionary[language] ?? dictionary[language.split('-')[0] ?? ''] ?? english;
}

/** Whether the dictionary has the language (or its base language): the welcome offers only languages it can show. */
export function hasKioskLanguage(language: string): boolean {
  return kioskWords(language) !== english || language.split('-')[0] === 'en';
}
