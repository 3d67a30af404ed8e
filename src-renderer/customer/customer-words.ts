import type { CustomerLanguage } from '../../src-main/lane/ipc/contract';
import { formatMoney } from '../../src-main/platform/money';
import { kioskReceiptSendWords } from '../kiosk/kiosk-receipt-words';
import { kioskWords } from '../kiosk/kiosk-words';

/**
 * Every word the customer display's page shows, in each language the display speaks. The kiosk's
 * customer dictionary says most of it already (kiosk-words.ts, kiosk-receipt-words.ts): where it
 * says the same thing the entry is taken from there, so a customer reads the same sentence at a
 * kiosk and at a counter. Customer words only: no device names, no staff reasons, no jargon.
 */
export interface CustomerWords {
  /** The language's name in itself, for the language buttons. */
  readonly languageName: string;
  readonly chooseLanguage: string;
  readonly welcome: string;
  readonly training: string;
  /** The customer's screen drawn inside training's panel, as a region's name. */
  readonly embeddedLabel: string;
  /** The page is not connected to the lane (yet, or any more). */
  readonly connecting: string;
  readonly orderHeading: string;
  readonly quantity: (quantity: number) => string;
  readonly subtotal: string;
  readonly tax: string;
  readonly total: string;
  readonly tipHeading: string;
  readonly tipOn: (baseMinor: number) => string;
  readonly tipPercent: (percent: number) => string;
  readonly noTip: string;
  readonly otherAmount: string;
  readonly tipKeypad: string;
  readonly tipAmount: string;
  readonly tipTooLarge: (maxMinor: number) => string;
  readonly addTip: (tipMinor: number) => string;
  readonly erase: string;
  readonly back: string;
  readonly amountToPay: string;
  readonly tipIncluded: (tipMinor: number) => string;
  readonly payCard: string;
  readonly payKeyed: string;
  readonly payTerminal: string;
  readonly payPhone: string;
  readonly payPhoneHint: string;
  readonly qrCode: (amount: string) => string;
  readonly codeExpires: (expiresAt: number) => string;
  readonly feeHeading: string;
  readonly fee: (feeMinor: number, totalMinor: number, applies: 'card' | 'if-credit') => string;
  readonly feeAccept: string;
  readonly feeDecline: string;
  readonly feeDeclineNote: string;
  readonly signHere: string;
  readonly signHint: string;
  readonly signArea: string;
  readonly signNothingYet: string;
  readonly signClear: string;
  readonly signDone: string;
  readonly signPad: string;
  readonly signSent: string;
  readonly working: string;
  readonly approved: string;
  readonly thanks: string;
  readonly partial: (approvedMinor: number, dueMinor: number) => string;
  readonly stillDue: (dueMinor: number) => string;
  readonly declined: string;
  readonly checking: string;
  readonly stored: (amountMinor: number) => string;
  readonly canceled: string;
  readonly notCharged: string;
  readonly voided: string;
  readonly receiptQuestion: string;
  readonly receiptPrint: string;
  readonly receiptEmail: string;
  readonly receiptNone: string;
  readonly emailHeading: string;
  readonly keyboard: string;
  readonly send: string;
  readonly sending: string;
  readonly badAddress: (problem: string) => string;
  readonly notSent: string;
  /** The lane refused an answer: its own words (English), or a plain sentence in another language. */
  readonly refused: (message: string) => string;
  readonly donePrint: string;
  readonly doneEmail: string;
  readonly doneNone: string;
  readonly takenBack: string;
}

const kioskEnglish = kioskWords('en');
const sendEnglish = kioskReceiptSendWords('en');
const kioskSpanish = kioskWords('es');
const sendSpanish = kioskReceiptSendWords('es');

const clockTime = (locale: string, epochMs: number) =>
  new Date(epochMs).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });

const english: CustomerWords = {
  languageName: kioskEnglish.languageName,
  chooseLanguage: kioskEnglish.chooseLanguage,
  welcome: kioskEnglish.welcome,
  training: 'Training: no real money moves',
  embeddedLabel: 'The customer\u2019s screen',
  connecting: 'One moment\u2026',
  orderHeading: kioskEnglish.basketHeading,
  quantity: (quantity) => `\u00d7 ${quantity}`,
  subtotal: kioskEnglish.subtotal,
  tax: kioskEnglish.tax,
  total: kioskEnglish.total,
  tipHeading: 'Would you like to add a tip?',
  tipOn: (baseMinor) => `On ${formatMoney(baseMinor)}`,
  tipPercent: (percent) => `${percent}%`,
  noTip: 'No tip',
  otherAmount: 'Other amount',
  tipKeypad: 'Tip amount keypad',
  tipAmount: 'Tip',
  tipTooLarge: (maxMinor) => `A tip can be at most ${formatMoney(maxMinor)}.`,
  addTip: (tipMinor) => `Add ${formatMoney(tipMinor)} tip`,
  erase: sendEnglish.erase,
  back: sendEnglish.back,
  amountToPay: kioskEnglish.amountToPay,
  tipIncluded: (tipMinor) => `Tip included: ${formatMoney(tipMinor)}`,
  payCard: kioskEnglish.phases['awaiting-card'],
  payKeyed: 'The cashier is entering your card',
  payTerminal: 'Pay on the terminal',
  payPhone: kioskEnglish.payLink.headline,
  payPhoneHint: kioskEnglish.payLink.scan,
  qrCode: kioskEnglish.payLink.code,
  codeExpires: (expiresAt) => `This code works until ${clockTime('en-US', expiresAt)}`,
  feeHeading: 'A card surcharge applies',
  fee: (feeMinor, totalMinor, applies) =>
    applies === 'card'
      ? `This card pays a surcharge of ${formatMoney(feeMinor)}: the total is ${formatMoney(totalMinor)}.`
      : `A credit card pays a surcharge of ${formatMoney(feeMinor)} (a debit card pays none): the total with it is ${formatMoney(totalMinor)}.`,
  feeAccept: 'Accept',
  feeDecline: 'Decline',
  feeDeclineNote: 'If you decline, nothing is charged.',
  signHere: kioskEnglish.signature.onScreen,
  signHint: kioskEnglish.signature.screenHint,
  signArea: kioskEnglish.signature.area,
  signNothingYet: kioskEnglish.signature.nothingYet,
  signClear: kioskEnglish.signature.clear,
  signDone: kioskEnglish.signature.done,
  signPad: kioskEnglish.signature.onPad,
  signSent: kioskEnglish.signature.acceptedHint,
  working: 'Processing\u2026 please wait',
  approved: kioskEnglish.phases.approved,
  thanks: kioskEnglish.thanks,
  partial: (approvedMinor, dueMinor) =>
    `${formatMoney(approvedMinor)} approved; ${formatMoney(dueMinor)} is still due: the cashier will take the rest`,
  stillDue: (dueMinor) => `${kioskEnglish.stillToPay}: ${formatMoney(dueMinor)}`,
  declined: 'Declined: nothing was charged',
  checking: 'We are checking your payment with the bank: please wait for the cashier',
  stored: kioskEnglish.outcome.stored,
  canceled: 'Payment canceled: nothing was charged',
  notCharged: 'Not charged: please wait for the cashier',
  voided: kioskEnglish.outcome.stopped,
  receiptQuestion: kioskEnglish.receiptQuestion,
  receiptPrint: 'Printed receipt',
  receiptEmail: 'Email',
  receiptNone: kioskEnglish.noReceipt,
  emailHeading: sendEnglish.emailHeading,
  keyboard: sendEnglish.keyboard,
  send: sendEnglish.send,
  sending: sendEnglish.sending,
  badAddress: sendEnglish.badAddress,
  notSent: sendEnglish.notSent,
  refused: (message) => message,
  donePrint: kioskEnglish.receiptPrinting,
  doneEmail: 'Your receipt is on its way to your email.',
  doneNone: kioskEnglish.takeItems,
  takenBack: 'The cashier finished this step',
};

const spanish: CustomerWords = {
  languageName: kioskSpanish.languageName,
  chooseLanguage: kioskSpanish.chooseLanguage,
  welcome: kioskSpanish.welcome,
  training: 'Pr\u00e1ctica: no se mueve dinero real',
  embeddedLabel: 'La pantalla del cliente',
  connecting: 'Un momento\u2026',
  orderHeading: kioskSpanish.basketHeading,
  quantity: (quantity) => `\u00d7 ${quantity}`,
  subtotal: kioskSpanish.subtotal,
  tax: kioskSpanish.tax,
  total: kioskSpanish.total,
  tipHeading: '\u00bfDesea a\u00f1adir una propina?',
  tipOn: (baseMinor) => `Sobre ${formatMoney(baseMinor)}`,
  tipPercent: (percent) => `${percent} %`,
  noTip: 'Sin propina',
  otherAmount: 'Otra cantidad',
  tipKeypad: 'Teclado de la propina',
  tipAmount: 'Propina',
  tipTooLarge: (maxMinor) => `La propina puede ser como m\u00e1ximo ${formatMoney(maxMinor)}.`,
  addTip: (tipMinor) => `A\u00f1adir ${formatMoney(tipMinor)} de propina`,
  erase: sendSpanish.erase,
  back: sendSpanish.back,
  amountToPay: kioskSpanish.amountToPay,
  tipIncluded: (tipMinor) => `Propina incluida: ${formatMoney(tipMinor)}`,
  payCard: kioskSpanish.phases['awaiting-card'],
  payKeyed: 'El cajero est\u00e1 introduciendo su tarjeta',
  payTerminal: 'Pague en el terminal',
  payPhone: kioskSpanish.payLink.headline,
  payPhoneHint: kioskSpanish.payLink.scan,
  qrCode: kioskSpanish.payLink.code,
  codeExpires: (expiresAt) => `Este c\u00f3digo vale hasta las ${clockTime('es', expiresAt)}`,
  feeHeading: 'Se aplica un recargo por tarjeta',
  fee: (feeMinor, totalMinor, applies) =>
    applies === 'card'
      ? `Esta tarjeta paga un recargo de ${formatMoney(feeMinor)}: el total es ${formatMoney(totalMinor)}.`
      : `Una tarjeta de cr\u00e9dito paga un recargo de ${formatMoney(feeMinor)} (una de d\u00e9bito no paga ninguno): el total con el recargo es ${formatMoney(totalMinor)}.`,
  feeAccept: 'Aceptar',
  feeDecline: 'Rechazar',
  feeDeclineNote: 'Si lo rechaza, no se cobra nada.',
  signHere: kioskSpanish.signature.onScreen,
  signHint: kioskSpanish.signature.screenHint,
  signArea: kioskSpanish.signature.area,
  signNothingYet: kioskSpanish.signature.nothingYet,
  signClear: kioskSpanish.signature.clear,
  signDone: kioskSpanish.signature.done,
  signPad: kioskSpanish.signature.onPad,
  signSent: kioskSpanish.signature.acceptedHint,
  working: 'Procesando\u2026 espere, por favor',
  approved: kioskSpanish.phases.approved,
  thanks: kioskSpanish.thanks,
  partial: (approvedMinor, dueMinor) =>
    `${formatMoney(approvedMinor)} aprobado; faltan ${formatMoney(dueMinor)}: el cajero cobrar\u00e1 el resto`,
  stillDue: (dueMinor) => `${kioskSpanish.stillToPay}: ${formatMoney(dueMinor)}`,
  declined: 'Rechazado: no se cobr\u00f3 nada',
  checking: 'Estamos comprobando su pago con el banco: espere al cajero, por favor',
  stored: kioskSpanish.outcome.stored,
  canceled: 'Pago cancelado: no se cobr\u00f3 nada',
  notCharged: 'No se cobr\u00f3 nada: espere al cajero, por favor',
  voided: kioskSpanish.outcome.stopped,
  receiptQuestion: kioskSpanish.receiptQuestion,
  receiptPrint: 'Recibo impreso',
  receiptEmail: 'Correo electr\u00f3nico',
  receiptNone: kioskSpanish.noReceipt,
  emailHeading: sendSpanish.emailHeading,
  keyboard: sendSpanish.keyboard,
  send: sendSpanish.send,
  sending: sendSpanish.sending,
  badAddress: sendSpanish.badAddress,
  notSent: sendSpanish.notSent,
  refused: () => 'No se pudo hacer. Int\u00e9ntelo de nuevo o pida ayuda al cajero.',
  donePrint: kioskSpanish.receiptPrinting,
  doneEmail: 'Su recibo va de camino a su correo electr\u00f3nico.',
  doneNone: kioskSpanish.takeItems,
  takenBack: 'El cajero termin\u00f3 este paso',
};

const dictionary: Readonly<Record<CustomerLanguage, CustomerWords>> = { en: english, es: spanish };

/** The customer display's words in `language`; English for a language the page does not have. */
export function customerWords(language: string): CustomerWords {
  return dictionary[language as CustomerLanguage] ?? english;
}

/** Every language the page has words for (the test checks each has every entry). */
export const customerWordLanguages = Object.keys(dictionary) as CustomerLanguage[];
