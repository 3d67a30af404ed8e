import type { AuthorizationRequest } from '../../gateway/auth-request';
import type { JournalIntent } from '../../journal/journal';
import type { ReceiptFacts } from '../../receipt/model';
import type { Bitmap } from '../../signature/bmp';
import type { PhaseListener, SaleOutcome } from '../outcome';
import type { CardForJournal, JournaledAuthorization, JournaledAuthorizationRequest } from './journaled-authorization';

/** One authorization as the sale asks for it. */
export interface AuthorizationAsked {
  /** What the customer owes; a forced credit is sent as a negative amount. */
  readonly amountMinor: number;
  readonly credit: boolean;
  readonly capture: boolean;
  /** The account fields (track, keyed card, bank account, profile), the signature and level 2/3 data. */
  readonly fields: Partial<AuthorizationRequest>;
  /** What the journal keeps of the account: masked, never clear. */
  readonly card: CardForJournal;
  /** The card as the receipt shows it; absent when only the answer knows it (an unattended device read it). */
  readonly cardFacts?: ReceiptFacts['card'];
  readonly detail: JournalIntent['detail'];
  readonly signatureRequired: boolean;
  readonly signatureImage?: Bitmap;
  /**
   * The signature comes back in the answer (an integrated terminal takes it after the card): its
   * image, decoded, is printed as a signature captured before the authorization is.
   */
  readonly signatureInAnswer?: boolean;
  /** The tip inside `amountMinor`, chosen on the device before the authorization: printed on its own line. */
  readonly tipMinor?: number;
  readonly onPhase: PhaseListener;
  /** Who authorizes: the lane itself (default), or an unattended device that reads and authorizes on its own. */
  readonly send?: (request: JournaledAuthorizationRequest) => Promise<JournaledAuthorization>;
}

/** The outcome in the cashier's terms, and the receipt's facts when there is a slip to print. */
export interface Authorized {
  readonly outcome: SaleOutcome;
  readonly facts?: Omit<ReceiptFacts, 'kind'>;
}
