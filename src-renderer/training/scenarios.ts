import type { PresentMethod, TrainingNetworkFault } from '../store/training-slice';

/** One step of a scenario: what to do, and the deck card to present when the step is presenting one. */
export interface ScenarioStep {
  readonly text: string;
  readonly card?: { readonly id: string; readonly method: PresentMethod };
  /** A training control the step uses. */
  readonly control?: 'lose-next-answer' | 'settle-batches' | TrainingNetworkFault;
}

export interface Scenario {
  readonly id: string;
  readonly title: string;
  readonly steps: readonly ScenarioStep[];
  /** What the trainee should notice. */
  readonly notice: string;
  /** A setting the scenario needs on at this lane: the guide says whether it is, and how to switch it on. */
  readonly needs?: 'offline.enabled';
}

/** A sale stored offline, then sent: what the three offline scenarios share after the fault. */
const storedThenSent = (fault: string): ScenarioStep[] => [
  {
    text: `Key $12.00, press Enter and insert the approved Visa. ${fault}: the screen says \u201cStored offline\u201d, never Approved, and the banner counts 1 payment stored.`,
    card: { id: 'visa-approve', method: 'insert' },
  },
  {
    text: 'Press Enter for the next sale, then bring the network back (it also comes back by itself after 5 minutes). Within seconds the lane sends the stored payment and the banner goes.',
    control: 'network-back',
  },
  { text: 'Open History (Alt+2): the sale now reads Approved, with the gateway\u2019s authorization code.' },
];

/**
 * The training scenarios, each true of the built-in gateway and the card deck
 * (assets/test-cards.json): the amounts and cards named here give the outcome described.
 */
export const scenarios: readonly Scenario[] = [
  {
    id: 'approve',
    title: 'Approve a sale',
    steps: [
      { text: 'Type 1200 on the keyboard: the amount shows $12.00. Press Enter.' },
      { text: 'Insert the Visa card that is approved.', card: { id: 'visa-approve', method: 'insert' } },
      { text: 'Read the result, then press Enter for the next sale.' },
    ],
    notice: 'The authorization code and the receipt preview: the customer\u2019s copy is what the printer printed.',
  },
  {
    id: 'surcharge',
    title: 'A surcharged sale',
    steps: [
      {
        text: 'Needs the practice merchant that surcharges: in Settings set merchantId 820000000003, surcharge.enabled on and surcharge.storePostal 62701. Key $24.99 and press Enter.',
      },
      {
        text: 'Insert the approved Visa. The screen shows a $0.75 surcharge and a $25.74 total: show the customer, press Enter to confirm.',
        card: { id: 'visa-approve', method: 'insert' },
      },
      {
        text: 'Key $24.99 again and insert the Visa debit card: no surcharge is asked, the card pays $24.99.',
        card: { id: 'visa-debit', method: 'insert' },
      },
    ],
    notice:
      'A surcharge is never charged on debit or cash; a customer who declines it (Escape) pays nothing and the screen says so.',
  },
  {
    id: 'decline',
    title: 'A declined card',
    steps: [
      { text: 'Key $12.00 and press Enter.' },
      {
        text: 'Insert the Visa card that is declined with \u201cDo not honor\u201d.',
        card: { id: 'visa-do-not-honor', method: 'insert' },
      },
      {
        text: 'Press Enter to take another card for the same amount, then tap the approved Mastercard.',
        card: { id: 'mastercard-approve', method: 'tap' },
      },
    ],
    notice:
      'Say only \u201cdeclined\u201d at the counter; the reason on screen is for you. Nothing was charged on the first card.',
  },
  {
    id: 'partial',
    title: 'Partial approval',
    steps: [
      { text: 'Key $8.00 and press Enter.' },
      { text: 'Insert the Visa card that approves only part.', card: { id: 'visa-partial', method: 'insert' } },
      {
        text: 'Only $5.00 is approved. Press Enter to take the remaining $3.00 on another card, and insert the approved Visa.',
        card: { id: 'visa-approve', method: 'insert' },
      },
    ],
    notice:
      'A partial approval is money taken: take the rest another way, or void it (a manager\u2019s) if the customer does not want to split.',
  },
  {
    id: 'timeout',
    title: 'Timeout and recovery',
    steps: [
      {
        text: 'Key $12.00, press Enter, and insert the Visa card whose processor does not answer.',
        card: { id: 'visa-timeout', method: 'insert' },
      },
      {
        text: '\u201cNot approved: try again\u201d: nothing was charged. Press Enter and insert the approved Visa.',
        card: { id: 'visa-approve', method: 'insert' },
      },
      {
        text: 'Now lose an answer on purpose: press \u201cLose the next answer\u201d, key $12.00, press Enter and insert the approved Visa again.',
        control: 'lose-next-answer',
        card: { id: 'visa-approve', method: 'insert' },
      },
    ],
    notice:
      'When the answer is lost the lane says it is checking with the gateway, and records the sale once: it never charges twice and never shows an unknown sale as approved.',
  },
  {
    id: 'signature',
    title: 'Signature required',
    steps: [
      { text: 'Key $25.00 and press Enter: Visa asks for a signature from $25.00 on.' },
      { text: 'Insert the Visa card that asks for a signature.', card: { id: 'visa-signature', method: 'insert' } },
      {
        text: 'The training pad can sign for the customer: press a recorded signature, watch it appear, and press Enter to accept it.',
      },
    ],
    notice: 'The signature is taken before the authorization and sent with it; the merchant copy carries it.',
  },
  {
    id: 'chip-fallback',
    title: 'Chip fallback',
    steps: [
      { text: 'Key $12.00 and press Enter.' },
      { text: 'Insert the Visa card whose chip fails.', card: { id: 'visa-chip-failure', method: 'insert' } },
      { text: 'The chip could not be read: swipe the same card.', card: { id: 'visa-chip-failure', method: 'swipe' } },
    ],
    notice: 'A chip card is swiped only after its chip failed; the receipt says \u201cFallback Swipe\u201d.',
  },
  {
    id: 'void',
    title: 'Void a sale',
    steps: [
      { text: 'Run a $12.00 sale with the approved Visa.', card: { id: 'visa-approve', method: 'insert' } },
      { text: 'Open History (Alt+2), pick the sale, press Void, choose why and confirm the amount and card.' },
      { text: 'A void is a manager\u2019s: the trainer enters PIN 9999.' },
    ],
    notice: 'A sale is voided, not refunded, until its batch settles; the void prints its own slip.',
  },
  {
    id: 'refund',
    title: 'Refund a sale',
    steps: [
      { text: 'Run a $12.00 sale with the approved Visa.', card: { id: 'visa-approve', method: 'insert' } },
      { text: 'Settle the day\u2019s batch, as the processor does overnight.', control: 'settle-batches' },
      {
        text: 'Open History (Alt+2), pick the sale and press Refund: check the amount offered, choose a reason, then confirm the card and amount.',
      },
    ],
    notice: 'Once settled a sale can only be refunded; refunds above the lane\u2019s limit need a manager.',
  },
  {
    id: 'end-of-day',
    title: 'End of day',
    steps: [
      { text: 'Run two or three sales, one of them declined.' },
      { text: 'Settle the day\u2019s batch.', control: 'settle-batches' },
      { text: 'Open End of day (Alt+3) and check the batch against the lane\u2019s own totals.' },
    ],
    notice: 'The gateway\u2019s batch and the lane\u2019s own record should agree; the chart shows the day by status.',
  },
  {
    id: 'cash',
    title: 'Cash with change',
    steps: [
      { text: 'Open a shift first (End of day, Alt+3: a float of 100.00). Back on Sale, key $14.35.' },
      {
        text: 'Press C for cash. The customer hands over a $20 note: press the $20.00 quick-cash button (or type 2000 and Enter).',
      },
      { text: 'Count the change shown large, $5.65, from the open drawer; press Enter for the next sale.' },
    ],
    notice:
      'Exact cash is the amount, C, Enter. The lane keeps the cash in the shift\u2019s drawer count; cash is refused while no shift is open.',
  },
  {
    id: 'split',
    title: 'A split sale: card and cash',
    steps: [
      { text: 'With a shift open, key $25.00 and press S to split it.' },
      {
        text: 'Type 1000 for a $10.00 part and press Enter, then insert the Visa debit card.',
        card: { id: 'visa-debit', method: 'insert' },
      },
      { text: '\u201cRemaining to pay $15.00\u201d lists the card part. Press C and take a $20 note: $5.00 change.' },
    ],
    notice:
      'The balance is always shown; a crash between parts comes back with the paid part and the balance. Cancel sale gives every paid part back: the card voided, the cash from the drawer.',
  },
  {
    id: 'shift',
    title: 'Open and close a shift',
    steps: [
      {
        text: 'Open End of day (Alt+3). Count the float into the drawer: type 100.00 under \u201cFloat counted into the drawer\u201d and press Open shift.',
      },
      {
        text: 'Go back to Sale (Alt+1) and run a cash sale of $7.66: press C, then 10.00 tendered; give $2.34 change.',
      },
      {
        text: 'Back on End of day, count the drawer without looking at what it should hold: type 107.41 and the trainer\u2019s PIN 9999, then Close shift.',
      },
    ],
    notice:
      'The count is blind: the lane says what was expected only after you count. $107.41 against $107.66 expected is short $0.25.',
  },
  {
    id: 'x-then-z',
    title: 'An X report, then the Z report',
    steps: [
      { text: 'With a shift open and a sale or two run, open End of day (Alt+3) and press X report.' },
      { text: 'Press X report again: the totals are the same, since an X report resets nothing.' },
      { text: 'Close the shift with its count, then press Z report (close the day) with the trainer\u2019s PIN 9999.' },
    ],
    notice:
      'A Z report closes the day under the next number, never given twice; the next X report starts from nothing. The Z is refused while a shift is open.',
  },
  {
    id: 'network-down',
    title: 'The network goes down',
    needs: 'offline.enabled',
    steps: [
      {
        text: 'The trainer takes the network down: the training gateway refuses every connection.',
        control: 'network-down',
      },
      ...storedThenSent('The lane cannot reach the gateway'),
    ],
    notice:
      'A stored payment is not approved yet: the customer leaves with the goods and the store carries the risk until it is sent. Only chip and contactless sales within the offline limits are stored.',
  },
  {
    id: 'dns-failure',
    title: 'The gateway\u2019s name does not resolve',
    needs: 'offline.enabled',
    steps: [
      {
        text: 'The trainer makes DNS fail: the gateway\u2019s name no longer resolves to an address.',
        control: 'fail-dns',
      },
      ...storedThenSent('The lane cannot find the gateway'),
    ],
    notice:
      'Nothing left the lane, so nothing can have been charged: that is why the lane may store the payment. A sale whose answer was lost is never stored: the lane asks the gateway instead.',
  },
  {
    id: 'offline-decline',
    title: 'A stored payment is declined later',
    needs: 'offline.enabled',
    steps: [
      { text: 'The trainer takes the network down.', control: 'network-down' },
      {
        text: 'Key $18.00, press Enter and insert the Visa that is declined when sent later: \u201cStored offline\u201d, and the customer leaves with the goods.',
        card: { id: 'visa-offline-decline', method: 'insert' },
      },
      {
        text: 'Press Enter, then bring the network back: the lane sends the payment and the issuer declines it.',
        control: 'network-back',
      },
      {
        text: '\u201cA card payment taken offline was declined when it was sent\u201d names the amount and the card: the manager reads it and presses \u201cSeen: done\u201d (a cashier types the manager\u2019s PIN first).',
      },
    ],
    notice:
      'An offline decline is money the store has lost unless the customer pays again: a manager calls the customer or writes the sale off. The finding stays until a manager has seen it.',
  },
];
