import type { GatewayLink } from '../offline/link-state';
import type { ShellKind } from '../ipc/contract';
import type { Settings } from '../config/settings';
import type { Logger } from '../../platform/log/logger';
import type { Clock } from '../../platform/clock';
import type { SecretStore } from '../config/secrets';
import type { GatewayAccess } from '../terminal/terminal';
import type { SettingsFile } from '../config/settings-service';
import type { DeviceManagerOptions } from '../devices/manager';
import type { TrainingKit } from './training-kit';

/** What the composition root (core.ts) is given: the settings, the shell, and where each part keeps its files. */
export interface CoreOptions {
  readonly settings: Settings;
  readonly shell: ShellKind;
  readonly logger: Logger;
  /**
   * Training's gateway, phone and devices, made from the stand-ins by the shells
   * (`laneTraining` in src-main/shells/training/lane-training.ts): the lane never imports them.
   */
  readonly training: MakeTrainingKit;
  readonly clock?: Clock;
  readonly version?: string;
  /** Run-time data (the training card deck); found beside the app by default. */
  readonly assetsDir?: string;
  /** The journal's file (boot passes the app-data one); tests get a private in-memory journal. */
  readonly journalPath?: string;
  /**
   * The lane's settings.json, where it records which journal file is its own and how far it got
   * (journal/lane-record.ts; boot passes the app-data one): with it, the journal is opened and
   * checked at start, and a journal that disappeared, was replaced, restored from an older copy
   * or is damaged refuses sales until a person acknowledges it.
   */
  readonly journalRecordFile?: string;
  /** journal-identity.json of versions before ADR 044, adopted once when settings.json has no record. */
  readonly legacyJournalIdentityFile?: string;
  /** Training: where the built-in emulator keeps its day, so a restart can still recover. */
  readonly trainingGatewayPath?: string;
  /** A gateway to use instead (the headless CLI's --gateway, tests); by default training's built-in emulator. */
  readonly gateway?: () => Promise<GatewayAccess>;
  /** Schedules the recovery queue's background checks (tests run them by hand). */
  readonly recoveryTimer?: Clock['setTimer'];
  /** Schedules the kiosk's limit on a payment left waiting at the card or the signature (tests run it by hand). */
  readonly kioskTimer?: Clock['setTimer'];
  /**
   * The gateway link's health (offline/link-state.ts), for offline payments (ADR 074): the circuit
   * breaker where the lane has one; none: always online, so only a request that never left stores a payment.
   */
  readonly gatewayLink?: GatewayLink;
  /** Where live gateway credentials are kept (`gateway.username`, `gateway.password`); the shells pass theirs. */
  readonly secrets?: () => SecretStore | undefined;
  /** Where the Settings screen saves settings.json, and which settings the environment overrides (boot passes it). */
  readonly settingsFile?: SettingsFile;
  /** How HID and serial links are opened on this machine (the Electron and Node hosts pass theirs). */
  readonly deviceEnvironment?: DeviceManagerOptions['environment'];
  /** Where training's wallet keys and pay-link certificate are kept (the app-data folder); none: made afresh in memory. */
  readonly walletFolder?: string;
  /** Tests: a pay link lives this long instead of two minutes. */
  readonly payLinkLifetimeMs?: number;
  /** Where wrong-PIN locks are kept (`pin-locks.json` in the app-data folder), so a restart keeps them; none: in memory. */
  readonly pinLockFolder?: string;
  /** Where the kiosk finds the store's catalogue and keeps its service state (the app-data folder); none: training's catalogue, state in memory. */
  readonly kioskFolder?: string;
}

/** Makes training's kit for one core; its parts start on first use, so a live lane pays nothing. */
export type MakeTrainingKit = (options: CoreOptions, clock: Clock) => TrainingKit;
