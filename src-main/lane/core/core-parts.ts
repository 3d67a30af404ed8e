import type { OfflineLane } from '../offline/offline-lane';
import type { DayDesk } from '../terminal/day-desk';
import type { OfflineDesk } from '../offline/offline-desk';
import type { ReceiptOutbox } from '../receipt-mail/outbox';
import type { AppInfo } from '../ipc/contract';
import type { Dispatch } from '../ipc/dispatcher';
import type { EventHub } from '../ipc/event-hub';
import type { Settings } from '../config/settings';
import type { Logger } from '../../platform/log/logger';
import type { TestReadService } from '../devices/test-read';
import type { DeviceManager } from '../devices/manager';
import type { DeviceRegistry } from '../devices/registry';
import type { PrinterService } from '../receipt/printer-service';
import type { SignatureService } from '../signature/service';
import type { TrainingGateway, TrainingTerminal } from './training-kit';
import type { JournalRefusal } from '../journal/journal-check';
import type { TerminalService } from '../terminal/terminal';
import type { CustomerServices } from '../terminal/customer-services';
import type { TerminalStateStore } from '../terminal/state-store';
import type { Clock } from '../../platform/clock';
import type { SessionService } from '../session/session-service';
import type { SettingsService } from '../config/settings-service';
import type { LaneWallet } from '../wallet/pay-link/lane-wallet';
import type { KioskService } from '../kiosk/kiosk-service';
import type { ShutdownStep } from './shutdown';
import type { LaneHub } from './setup-hub';
import type { CustomerDisplay } from '../customer-display/customer-display';

/**
 * The payment core as both shells, the CLI and the tests see it. It runs on plain Node and
 * never imports `electron`. Declared apart from the composition root (core.ts), so the command
 * handlers it builds can name it without importing the root back.
 */
export interface Core {
  readonly settings: Settings;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly devices: DeviceRegistry;
  /** The configured devices themselves, and the keyboard stream keyboard-mode readers type into. */
  readonly deviceManager: DeviceManager;
  readonly cardReaders: TestReadService;
  /** Sales: one at a time, through the journal. */
  readonly sales: TerminalService;
  /** A sale's customer beside the money: stored cards, a signature added after the approval. */
  readonly customers: CustomerServices;
  /** Test prints, held jobs and (training) the emulated printer's pages. */
  readonly printers: PrinterService;
  /** Emailed receipts: the durable outbox and its sender (ADR 068). */
  readonly receiptMail: ReceiptOutbox;
  /** The counter's day: the shift, no-sale, the X and Z reports (ADR 065). */
  readonly day: DayDesk;
  /** Card payments stored while the gateway cannot be reached, and their forwarding (issue 33). */
  readonly offline: OfflineDesk;
  /** The store hub link (ADR 081): its outbox sender's status; nothing runs without a hub. */
  readonly hub: LaneHub;
  /** The lane's signature capture, on a pad or on the screen. */
  readonly signature: SignatureService;
  readonly terminal: TerminalStateStore;
  /** Who is signed in, and manager approvals. */
  readonly session: SessionService;
  /** The Settings screen's reading and saving of settings and gateway credentials. */
  readonly settingsService: SettingsService;
  readonly events: EventHub;
  /** Why the lane refuses to sell because of its journal, or null when the journal is in order. */
  journalRefusal(): JournalRefusal | null;
  /** A manager has seen the refusal: a new journal (the damaged one kept aside), or the replacement accepted. */
  acknowledgeJournal(): JournalRefusal | null;
  /** Training's built-in gateway (unused when another gateway is given). */
  readonly trainingGateway: TrainingGateway;
  /** Training's emulated integrated terminal, when the training kit has one (started when the lane first reaches it). */
  readonly trainingTerminal?: TrainingTerminal;
  /** Wallet payments: the pay-link service, the tokenizer client, training's emulated phone. */
  readonly wallet: LaneWallet;
  /** The self-checkout: catalogue, basket, paying it, the receipt choice, the service state. */
  readonly kiosk: KioskService;
  /** The screen facing the customer at a counter (ADR 087): its view, the customer's answers, who is connected. */
  readonly customerDisplay: CustomerDisplay;
  /** Offline payments (ADR 074): the link, the store's policy and forwarders; absent unless settings.offline.enabled. */
  readonly offlineLane?: OfflineLane;
  /** The validated entry point for every command from a renderer. */
  readonly dispatch: Dispatch;
  info(): AppInfo;
  /** The parts of a stop, in order, for a caller that bounds it in time (`shutDown`). */
  shutdownSteps(): ShutdownStep[];
  /** Runs every step of the stop, however long it takes. */
  close(): Promise<void>;
}
