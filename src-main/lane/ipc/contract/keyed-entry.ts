/**
 * A card keyed at the counter as the screen echoes it (`terminal.keyEntry`'s answer and event):
 * masked as it is typed, with its billing address for the address check (AVS).
 */
/** A field of a keyed card: the card's three, then its billing address for the address check (AVS). */
export type KeyedField = 'account' | 'expiry' | 'cvv' | 'postal' | 'country' | 'street';

/** A keyed card as the screen echoes it while the cashier types: never more than the first six and last four. */
export interface KeyedEntryView {
  /** True while a sale waits for a keyed card. */
  readonly active: boolean;
  /** Where the next key goes. */
  readonly field: KeyedField;
  /**
   * The fields this entry asks, in order: the card's three and the postal code always; the
   * country when the postal code is not a US ZIP; the street when the merchant asks for it.
   */
  readonly fields: readonly KeyedField[];
  /** "4788 25•• •••• 1443" */
  readonly account: string;
  /** "12/28" */
  readonly expiry: string;
  /** One dot per digit. */
  readonly cvv: string;
  /** The billing postal code, country and street as typed: not card data, echoed in full. */
  readonly postal: string;
  readonly country: string;
  readonly street: string;
  /** Why the card was refused, naming the field; null while typing. */
  readonly problem: string | null;
  /** The number's, the expiry's and the postal code's checks as they are typed, shown beside each (terminal/keyed-checks.ts). */
  readonly checks: {
    readonly account: KeyedFieldCheck | null;
    readonly expiry: KeyedFieldCheck | null;
    readonly postal: KeyedFieldCheck | null;
  };
}

/** A keyed field's check while it is typed: words for the cashier, and whether they say something is wrong. */
export interface KeyedFieldCheck {
  readonly words: string;
  /** False when the field as typed cannot be taken (a wrong check digit, a past expiry). */
  readonly fine: boolean;
}
