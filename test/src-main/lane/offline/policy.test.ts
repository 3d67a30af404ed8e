import { describe, expect, it } from 'vitest';
import { offlineSettingsSchema } from '../../../../src-main/lane/config/offline-settings';
import { OfflinePolicy } from '../../../../src-main/lane/offline/policy';

const hour = 3_600_000;
const now = Date.UTC(2026, 10, 28, 12);
const policy = (settings: Record<string, unknown> = {}) =>
  new OfflinePolicy(offlineSettingsSchema.parse({ enabled: true, ...settings }));
const none = { count: 0, minor: 0, oldestAt: null };
const chip = (amountMinor: number) => ({ amountMinor, entryMode: 'chip', tender: 'sale' });

describe('the offline policy: the merchant limits, each refusal naming its limit', () => {
  it('takes a chip or contactless sale within every limit', () => {
    expect(policy().decide(chip(4999), none, now)).toEqual({ allowed: true });
    expect(policy().decide({ ...chip(5000), entryMode: 'contactless' }, none, now)).toEqual({ allowed: true });
  });

  it('refuses a payment over the per-payment ceiling in words naming both amounts', () => {
    expect(policy().decide(chip(6200), none, now)).toEqual({
      allowed: false,
      reason: 'Offline: $62.00 is over the $50.00 a payment may be while offline. Take cash or another tender.',
    });
  });

  it('refuses past the count, the total and the oldest age', () => {
    expect(policy({ maxCount: 2 }).decide(chip(100), { count: 2, minor: 200, oldestAt: now }, now)).toMatchObject({
      reason: 'Offline: limit reached (2 stored). Take cash or another tender.',
    });
    expect(policy().decide(chip(4000), { count: 3, minor: 48_000, oldestAt: now }, now)).toMatchObject({
      reason: expect.stringContaining('$40.00 would take the stored total over $500.00 ($480.00 stored)'),
    });
    expect(policy().decide(chip(100), { count: 1, minor: 100, oldestAt: now - 25 * hour }, now)).toMatchObject({
      reason: expect.stringContaining('more than 24 hours old'),
    });
    expect(policy().decide(chip(100), { count: 1, minor: 100, oldestAt: now - 23 * hour }, now)).toEqual({
      allowed: true,
    });
  });

  it('takes swiped and keyed cards only when the merchant allows them', () => {
    const swiped = { ...chip(100), entryMode: 'fallback-swipe' };
    const keyed = { ...chip(100), entryMode: 'keyed' };
    expect(policy().decide(swiped, none, now)).toMatchObject({
      reason: expect.stringContaining('a swiped card is not taken'),
    });
    expect(policy().decide(keyed, none, now)).toMatchObject({
      reason: expect.stringContaining('a keyed card is not taken'),
    });
    expect(policy({ allowSwipe: true }).decide(swiped, none, now)).toEqual({ allowed: true });
    expect(policy({ allowKeyed: true }).decide(keyed, none, now)).toEqual({ allowed: true });
  });

  it('never takes a wallet, ACH, profile, forced credit or authorization-only payment, nor any when switched off', () => {
    for (const tender of ['wallet', 'ach', 'profile', 'forced-credit', 'authorize'])
      expect(policy().decide({ ...chip(100), tender }, none, now), tender).toMatchObject({ allowed: false });
    expect(new OfflinePolicy(offlineSettingsSchema.parse({})).decide(chip(100), none, now)).toMatchObject({
      reason: expect.stringContaining('does not take card payments while offline'),
    });
  });
});
