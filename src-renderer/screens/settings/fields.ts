import type { EditableSetting } from '../../../src-main/lane/ipc/contract';

export interface SettingField {
  readonly name: EditableSetting;
  readonly label: string;
  readonly hint: string;
  /** How the value is typed: text, a whole number, money (minor units on the wire), a yes/no, or one of the setting's choices. */
  readonly input: 'text' | 'integer' | 'money' | 'boolean' | 'choice' | 'json';
  /** The bounds of a whole number, as settings.json checks them. */
  readonly min?: number;
  readonly max?: number;
}

/** The Settings screen's groups, in the order a store's IT person sets a lane up. */
export const settingGroups: ReadonlyArray<{ readonly title: string; readonly fields: readonly SettingField[] }> = [
  {
    title: 'Gateway',
    fields: [
      {
        name: 'merchantId',
        label: 'Merchant id',
        hint: 'The merchant id your acquirer gave you; empty in training.',
        input: 'text',
      },
      {
        name: 'gateway.url',
        label: 'Gateway URL',
        hint: 'https://\u2026/cardconnect/rest; empty for the built-in training gateway.',
        input: 'text',
      },
    ],
  },
  {
    title: 'Terminal',
    fields: [
      {
        name: 'terminalId',
        label: 'Terminal id',
        hint: 'This lane\u2019s name on receipts and in order ids (letters, digits, dashes).',
        input: 'text',
      },
      {
        name: 'mode',
        label: 'Mode',
        hint: 'Counter for a cashier; kiosk for customer self-checkout.',
        input: 'choice',
      },
      {
        name: 'training',
        label: 'Training mode',
        hint: 'Off means real cards and real money, with the gateway above.',
        input: 'boolean',
      },
    ],
  },
  {
    title: 'Payments',
    fields: [
      {
        name: 'payments.device',
        label: 'Takes cards on',
        hint: 'reader: the lane\u2019s own card reader (Devices); integrated-terminal: a payment terminal that reads the card, the PIN and the tip itself (its site and HSN in settings.json, its API key in the secret store).',
        input: 'choice',
      },
      {
        name: 'payments.tips',
        label: 'Take tips',
        hint: 'Tip entry at the sale and tips on captures, where the merchant account allows them.',
        input: 'boolean',
      },
      {
        name: 'payments.forcedCredit',
        label: 'Refunds without a sale',
        hint: 'Forced credits, only where the merchant account is set up for them.',
        input: 'boolean',
      },
      {
        name: 'payments.ach',
        label: 'Electronic checks',
        hint: 'ACH sales from a keyed bank account.',
        input: 'boolean',
      },
      {
        name: 'payments.cardTimeoutSeconds',
        label: 'Card wait (seconds)',
        hint: 'How long a sale waits for the card before it goes back to the amount (1 to 600).',
        input: 'integer',
        min: 1,
        max: 600,
      },
      {
        name: 'payments.confirmAboveMinor',
        label: 'Confirm sales above',
        hint: 'A sale above this amount asks the cashier to confirm it before the card is asked for (1.00 to 999,999.99).',
        input: 'money',
      },
      {
        name: 'wallet.enabled',
        label: 'Pay on your phone',
        hint: 'A QR code at the sale opens this lane\u2019s pay page on the customer\u2019s phone. Outside training the wallet section of settings.json names the page\u2019s host, certificate, wallet merchant id and tokenizer.',
        input: 'boolean',
      },
      {
        name: 'offline.enabled',
        label: 'Offline card payments',
        hint: 'While the gateway cannot be reached, chip and contactless sales are stored and sent when it is back, within the offline limits of settings.json. The store carries the risk of a later decline. Takes effect at the next start.',
        input: 'boolean',
      },
      {
        name: 'staff.refundLimitMinor',
        label: 'Refund limit',
        hint: 'Refunds above this need a manager\u2019s PIN; 0.00 means every refund does.',
        input: 'money',
      },
    ],
  },
  {
    title: 'Signature',
    fields: [
      {
        name: 'signature.policy',
        label: 'When to ask',
        hint: 'On swipe and keyed sales: by each card network\u2019s amount thresholds, always, or never.',
        input: 'choice',
      },
      {
        name: 'signature.capture',
        label: 'Where the customer signs',
        hint: 'A signature pad, this touch screen, or a connected pad when there is one.',
        input: 'choice',
      },
      {
        name: 'signature.allowSkip',
        label: 'Cashier may skip the signature',
        hint: 'Lets a signed-in cashier go on without the signature; the journal says who skipped it.',
        input: 'boolean',
      },
    ],
  },
  {
    title: 'Printer',
    fields: [
      {
        name: 'printer.profile',
        label: 'Printer profile',
        hint: 'The receipt printer\u2019s model: paper width and code page.',
        input: 'choice',
      },
    ],
  },
  {
    title: 'Kiosk',
    fields: [
      {
        name: 'kiosk.idleResetSeconds',
        label: 'Kiosk idle reset (seconds)',
        hint: 'A kiosk goes back to its welcome screen after this long untouched (15 to 3600).',
        input: 'integer',
        min: 15,
        max: 3600,
      },
    ],
  },
  {
    title: 'Devices',
    fields: [
      {
        name: 'devices',
        label: 'Card readers',
        hint: 'Each card reader, how it connects and where. None in training: the training reader is used. Takes effect at the next start.',
        input: 'json',
      },
      {
        name: 'signaturePads',
        label: 'Signature pads',
        hint: 'Each signature pad, how it connects and where. Takes effect at the next start.',
        input: 'json',
      },
      {
        name: 'printers',
        label: 'Receipt printers',
        hint: 'Each receipt printer, how it connects and where. Takes effect at the next start.',
        input: 'json',
      },
    ],
  },
];

/** Plain words for the choices the screen knows; any other choice (a printer profile) shows as it is named. */
const choiceWords: Readonly<Record<string, string>> = {
  counter: 'Counter (a cashier)',
  kiosk: 'Kiosk (customer self-checkout)',
  'network-rules': 'By the card networks\u2019 rules',
  always: 'Always',
  never: 'Never',
  auto: 'A connected pad, else this screen',
  pad: 'The signature pad',
  screen: 'This screen',
};

export function choiceLabel(choice: string): string {
  return choiceWords[choice] ?? choice;
}
