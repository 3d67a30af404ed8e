import type { Settings } from '../config/settings';
import type { DeviceManager } from '../devices/manager';
import type { GatewayClient } from '../gateway/client';
import type { Journal } from '../journal/journal';
import type { PrinterProfile } from '../receipt/profiles';
import type { OperationDependencies } from './lane-dependencies';
import { journalForPayment } from './stopped-payment';
import type { OfflineTaking } from '../payment/authorize/offline-taking';

/** How the terminal reaches the gateway: started on first use (the training emulator) or given. */
export interface GatewayAccess {
  readonly client: GatewayClient;
  readonly merchid: string;
}

/** What one operation works with, gathered when it starts: the settings may have changed since the last. */
export type LaneAccess = Omit<OperationDependencies, 'tips'> & {
  readonly gateway: GatewayAccess;
  /** The Terminal Device ID sent on every authorization (`gateway.termid`); absent when not set. */
  readonly termid?: string;
  /** Offline taking (ADR 074) for this journal, when the merchant switched it on. */
  readonly offline?: OfflineTaking;
};

export interface LaneAccessOptions {
  readonly journal: () => Journal;
  readonly gateway: () => Promise<GatewayAccess>;
  readonly manager: DeviceManager;
  readonly settings: Pick<Settings, 'terminalId' | 'training' | 'gateway'>;
  readonly previewProfile: PrinterProfile;
  readonly now: () => number;
  /** What a sale takes offline with, for the journal it uses (offline/offline-lane.ts); absent: offline is off. */
  readonly offline?: (journal: Journal) => Promise<OfflineTaking | undefined>;
}

/** Opens the journal (refusing the operation when it cannot be written), the gateway and the printer. */
export function laneAccess(options: LaneAccessOptions): () => Promise<LaneAccess> {
  return async () => {
    const journal = journalForPayment(options.journal);
    const gateway = await options.gateway();
    const printer = options.manager.printer();
    const offline = await options.offline?.(journal);
    return {
      ...(offline ? { offline } : {}),
      journal,
      gateway,
      client: gateway.client,
      merchid: gateway.merchid,
      terminalId: options.settings.terminalId,
      ...(options.settings.gateway.termid ? { termid: options.settings.gateway.termid } : {}),
      training: options.settings.training,
      ...(printer ? { printer: { printer: printer.printer, profile: printer.profile } } : {}),
      previewProfile: options.previewProfile,
      now: options.now,
    };
  };
}
