import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSecretStore } from '../../../../src-main/lane/config/secrets';
import { offlineSettingsSchema } from '../../../../src-main/lane/config/offline-settings';
import type { AuthorizationRequest } from '../../../../src-main/lane/gateway/auth-request';
import type { GatewayLink, LinkState } from '../../../../src-main/lane/offline/link-state';
import { OfflineBook } from '../../../../src-main/lane/offline/offline-book';
import { OfflinePolicy } from '../../../../src-main/lane/offline/policy';
import { RequestSeal } from '../../../../src-main/lane/offline/seal';
import { laneMerchid, type JournalLane } from '../../../support/journal-lane';

/** Clear track 2 of a card number, as a reader without encryption hands it over. */
export const trackOf = (pan: string) => `;${pan}=28121010000000000?`;
export const approvingPan = '4788250000121443';
/** Visa's published decline card (the emulator's test cards): respstat C. */
export const decliningPan = '4387751111111020';

/** A chip sale of `amount` on `pan` as the authorize step sends it. */
export const chipSale = (pan: string, amount: number): AuthorizationRequest => ({
  merchid: laneMerchid,
  amount,
  capture: true,
  receipt: true,
  track: trackOf(pan),
});

/** A link the test sets, which remembers what it was told (the real breaker is gateway-link.ts). */
export function settableLink(initial: LinkState = 'online') {
  let state = initial;
  const told: string[] = [];
  const listeners = new Set<(state: LinkState, reason: string) => void>();
  const link: GatewayLink & { set(next: LinkState): void; told: string[] } = {
    state: () => state,
    noteNeverLeft: (reason) => void told.push(`never-left: ${reason}`),
    noteAnswered: () => void told.push('answered'),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => listeners.clear(),
    set(next) {
      state = next;
      for (const listener of listeners) listener(next, 'test');
    },
    told,
  };
  return link;
}

/** The offline store of a journal lane: a seal keyed from a secret store in its own folder, and the default limits switched on. */
export async function offlineOf(lane: JournalLane, settings: Record<string, unknown> = {}) {
  const secrets = createFileSecretStore(mkdtempSync(join(tmpdir(), 'offline-secrets-')));
  const book = new OfflineBook(lane.journal, await RequestSeal.open(secrets));
  const policy = new OfflinePolicy(offlineSettingsSchema.parse({ enabled: true, ...settings }));
  return { secrets, book, policy };
}
