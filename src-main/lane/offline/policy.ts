import type { OfflineSettings } from '../config/offline-settings';
import { formatMoney } from '../../platform/money';

/** A payment asked for while the gateway cannot be reached. */
export interface OfflineAsk {
  readonly amountMinor: number;
  /** The reader's entry mode: chip, contactless, swipe, fallback-swipe, keyed (or a device's own words). */
  readonly entryMode: string | undefined;
  /** sale, authorize, forced-credit, ach, profile, wallet, forced-sale. */
  readonly tender: string;
}

/** What is stored already and not known yet: how many, how much, the oldest. */
export interface OfflineStanding {
  readonly count: number;
  readonly minor: number;
  readonly oldestAt: number | null;
}

export type OfflineDecision = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

const otherTender = 'Take cash or another tender.';
const hourMs = 3_600_000;

/**
 * The merchant's offline limits (settings `offline`, ADR 074), enforced here in the core; the
 * screen only repeats the words. Every refusal names the limit it hit.
 */
export class OfflinePolicy {
  readonly settings: OfflineSettings;

  constructor(settings: OfflineSettings) {
    this.settings = settings;
  }

  /** Why no payment at all is taken offline now (switched off, or a limit of the whole store reached), or null. */
  refusing(standing: OfflineStanding, now: number): string | null {
    const { settings } = this;
    if (!settings.enabled) return `Offline: this lane does not take card payments while offline. ${otherTender}`;
    if (standing.count >= settings.maxCount)
      return `Offline: limit reached (${settings.maxCount} stored). ${otherTender}`;
    if (standing.minor >= settings.totalMaxMinor)
      return `Offline: limit reached (${formatMoney(settings.totalMaxMinor)} stored). ${otherTender}`;
    if (standing.oldestAt !== null && now - standing.oldestAt > settings.maxAgeHours * hourMs)
      return `Offline: the oldest stored payment is more than ${settings.maxAgeHours} hours old, so no more are taken until the gateway is back. ${otherTender}`;
    return null;
  }

  /** Whether this payment may be stored now, and when not, words naming the limit. */
  decide(ask: OfflineAsk, standing: OfflineStanding, now: number): OfflineDecision {
    const refused = (reason: string): OfflineDecision => ({ allowed: false, reason });
    const { settings } = this;
    if (ask.tender === 'wallet') return refused(`Offline: a phone wallet needs the network to pay. ${otherTender}`);
    if (ask.tender === 'ach') return refused(`Offline: an electronic check needs the network. ${otherTender}`);
    if (ask.tender === 'profile') return refused(`Offline: a stored profile needs the network. ${otherTender}`);
    if (ask.tender === 'forced-credit')
      return refused('Offline: money back to a card needs the network. Try again when the gateway is back.');
    if (ask.tender === 'forced-sale')
      return refused(
        'Offline: a forced sale goes to the gateway with its voice authorization code, so it needs the network. Try again when the gateway is back.',
      );
    if (ask.tender !== 'sale')
      return refused(
        `Offline: only card sales are taken while offline, not an authorization to capture later. ${otherTender}`,
      );
    if (ask.amountMinor <= 0) return refused('Offline: only a sale of more than $0.00 is taken while offline.');
    const whole = this.refusing(standing, now);
    if (whole) return refused(whole);
    if (ask.amountMinor > settings.perPaymentMaxMinor)
      return refused(
        `Offline: ${formatMoney(ask.amountMinor)} is over the ${formatMoney(settings.perPaymentMaxMinor)} a payment may be while offline. ${otherTender}`,
      );
    if (standing.minor + ask.amountMinor > settings.totalMaxMinor)
      return refused(
        `Offline: ${formatMoney(ask.amountMinor)} would take the stored total over ${formatMoney(settings.totalMaxMinor)} (${formatMoney(standing.minor)} stored). ${otherTender}`,
      );
    const mode = ask.entryMode;
    if (mode === 'chip' || mode === 'contactless') return { allowed: true };
    if ((mode === 'swipe' || mode === 'fallback-swipe') && settings.allowSwipe) return { allowed: true };
    if (mode === 'keyed' && settings.allowKeyed) return { allowed: true };
    return refused(
      `Offline: a ${modeWords(mode)} card is not taken while offline (chip and contactless are${allowedExtras(settings)}). ${otherTender}`,
    );
  }
}

function modeWords(mode: string | undefined): string {
  if (mode === 'swipe' || mode === 'fallback-swipe') return 'swiped';
  if (mode === 'keyed') return 'keyed';
  return mode ? `"${mode}"` : 'card of unknown entry';
}

function allowedExtras(settings: OfflineSettings): string {
  if (settings.allowSwipe) return ', and swiped';
  if (settings.allowKeyed) return ', and keyed';
  return '';
}
