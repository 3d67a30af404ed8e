import type { GatewayClient } from '../gateway/client';
import type { Logger } from '../../platform/log/logger';
import type { Journal } from '../journal/journal';
import type { PrinterProfile } from '../receipt/profiles';
import type { ReceiptTarget } from '../receipt/sale-receipts';

/** What the operations after a sale need: the journal, the gateway, the lane, the printer. */
export interface OperationDependencies {
  readonly journal: Journal;
  readonly client: GatewayClient;
  readonly merchid: string;
  readonly terminalId: string;
  readonly training: boolean;
  /** Whether the merchant takes tips (a capture may then exceed the authorization). */
  readonly tips: boolean;
  readonly printer?: ReceiptTarget;
  /** The profile a reprint is drawn with when no printer is configured. */
  readonly previewProfile: PrinterProfile;
  readonly now: () => number;
  /** Where a journal write refused after a request left is said, at error level. */
  readonly logger?: Pick<Logger, 'error'>;
  /** Told when the slips go to the printer. */
  readonly onPrinting?: () => void;
}
