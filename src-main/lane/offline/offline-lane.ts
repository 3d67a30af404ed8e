import type { OfflineSettings } from '../config/offline-settings';
import type { SecretStore } from '../config/secrets';
import type { Journal } from '../journal/journal';
import type { OfflineTaking } from '../payment/authorize/offline-taking';
import type { GatewayAccess } from '../terminal/lane-access';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/log/logger';
import { Forwarder } from './forwarder';
import type { GatewayLink } from './link-state';
import { OfflineBook } from './offline-book';
import { OfflinePolicy } from './policy';
import { RequestSeal } from './seal';

export interface OfflineLaneOptions {
  readonly settings: OfflineSettings;
  readonly link: GatewayLink;
  readonly secrets: () => SecretStore | undefined;
  readonly journal: () => Journal;
  readonly gateway: () => Promise<GatewayAccess>;
  readonly clock: Pick<Clock, 'now' | 'setTimer'>;
  readonly logger: Pick<Logger, 'warn' | 'error'>;
  /** A sale is being taken: the forwarder lets it go first. */
  readonly saleInProgress: () => boolean;
  /** The status changed (a payment stored or forwarded, the link changed). */
  readonly onChange?: () => void;
}

/** The lane's offline part (ADR 074): per journal file, its book and forwarder; one policy; the link. */
export interface OfflineLane {
  readonly link: GatewayLink;
  readonly policy: OfflinePolicy;
  /** The journal the lane uses now (for offline-desk.ts). */
  journal(): Journal;
  /** What the authorize step takes offline with, for this journal; undefined when offline taking is off. */
  taking(journal: Journal): Promise<OfflineTaking | undefined>;
  /** Opens the current journal's book, so what a previous run stored is sent when the gateway answers. */
  resume(): Promise<void>;
  /** This journal's forwarder, once its book is open. */
  forwarder(journal: Journal): Forwarder | undefined;
  /** The manager's switch for this lane (on top of settings.offline.enabled). */
  switchTaking(enabled: boolean): void;
  readonly switchedOn: boolean;
  /** Stops every forwarder, a payment being sent finishing first. */
  close(): Promise<void>;
}

/**
 * Puts the offline part together for a lane whose settings switch it on: the seal keyed from the
 * secret store (made at first use), a book and a forwarder per journal file (a replaced journal
 * gets its own), the forwarder started on the link's return. Off: `taking` answers undefined and
 * the lane sells exactly as it always did.
 */
export function createOfflineLane(options: OfflineLaneOptions): OfflineLane {
  const policy = new OfflinePolicy(options.settings);
  const books = new WeakMap<Journal, { book: OfflineBook; forwarder: Forwarder }>();
  const forwarders = new Set<Forwarder>();
  let seal: Promise<RequestSeal> | undefined;
  let switchedOn = true;
  const unsubscribe = options.link.onChange(() => options.onChange?.());

  const open = async (journal: Journal) => {
    const known = books.get(journal);
    if (known) return known;
    const secrets = options.secrets();
    if (!secrets) {
      options.logger.warn(
        'offline payments are switched on but the lane has no secret store for their key: none are taken',
      );
      return undefined;
    }
    seal ??= RequestSeal.open(secrets);
    const book = new OfflineBook(journal, await seal);
    const gateway = await options.gateway();
    const forwarder = new Forwarder({
      journal,
      book,
      link: options.link,
      client: gateway.client,
      merchid: gateway.merchid,
      clock: options.clock,
      saleInProgress: options.saleInProgress,
      logger: options.logger,
      ...(options.onChange ? { onChange: options.onChange } : {}),
    });
    const opened = books.get(journal) ?? { book, forwarder };
    if (opened.forwarder === forwarder) {
      books.set(journal, opened);
      forwarders.add(forwarder);
      forwarder.start();
    }
    return opened;
  };

  return {
    link: options.link,
    policy,
    journal: options.journal,
    async taking(journal) {
      if (!options.settings.enabled) return undefined;
      const opened = await open(journal);
      if (!opened) return undefined;
      // Switched off by a manager: nothing new is stored, but what is stored is still sent.
      if (!switchedOn) return undefined;
      return { link: options.link, book: opened.book, policy };
    },
    async resume() {
      if (options.settings.enabled) await open(options.journal());
    },
    forwarder: (journal) => books.get(journal)?.forwarder,
    switchTaking(enabled) {
      switchedOn = enabled;
      options.onChange?.();
    },
    get switchedOn() {
      return switchedOn;
    },
    async close() {
      unsubscribe();
      await Promise.all([...forwarders].map((forwarder) => forwarder.close()));
      forwarders.clear();
    },
  };
}
