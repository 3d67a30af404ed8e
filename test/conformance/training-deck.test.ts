import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTestCards } from '../../src-main/stand-ins/devices/test-cards';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';

/**
 * The training card deck (assets/test-cards.json) keeps its word: each card, at the amount the
 * deck gives it, gets the outcome its scenario promises from the emulator, on both platforms.
 */
const deck = loadTestCards(resolve('assets'));
const site = `Basic ${Buffer.from('testing:testing123').toString('base64')}`;
const respstatByScenario: Record<string, 'A' | 'B' | 'C'> = { decline: 'C', timeout: 'B', partial: 'A' };

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ realism: false });
});
afterAll(async () => {
  await emulator.close();
});

describe('the training deck against the emulator', () => {
  // amex-decline declines by amount on Rapid Connect only, as its note says: 1100.00 names no North code (North's are 2 digits: 10xx.00).
  const platforms = (id: string) =>
    id === 'amex-decline' ? (['496160873888'] as const) : (['496160873888', '820000000001'] as const);
  const cases = deck.flatMap((card) =>
    platforms(card.id).map((merchid) => [`${card.id} on ${merchid}`, card, merchid] as const),
  );
  it.each(cases)('%s', async (_label, card, merchid) => {
    const response = await fetch(`${emulator.url}/auth`, {
      method: 'POST',
      headers: { Authorization: site, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        merchid,
        account: card.pan,
        expiry: card.expiry,
        amount: card.amount,
        cvv2: card.cvv,
        postal: card.postal,
      }),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer.respstat, card.note).toBe(respstatByScenario[card.scenario] ?? 'A');
    if (card.scenario === 'partial') expect(answer.amount).toBe('5.00');
  });
});
