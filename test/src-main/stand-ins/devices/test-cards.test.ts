import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReaderOutput } from '../../../../drivers/card-reader/reader-output';
import { EmulatedEncryptingReader } from '../../../../src-main/stand-ins/devices/encrypting-reader';
import { loadTestCards, testCardScenarios } from '../../../../src-main/stand-ins/devices/test-cards';

const deck = loadTestCards(resolve('assets'));

describe('the training card deck (assets/test-cards.json)', () => {
  it.each(['visa', 'mastercard', 'amex', 'discover'])('covers the published scenarios for %s', (network) => {
    const scenarios = new Set(deck.filter((card) => card.network === network).map((card) => card.scenario));
    const unpublished: Record<string, string[]> = {
      visa: [],
      mastercard: ['partial'],
      amex: ['partial', 'timeout'],
      discover: ['partial'],
    };
    const expected = testCardScenarios.filter((scenario) => !unpublished[network]?.includes(scenario));
    expect([...scenarios].sort()).toEqual([...expected].sort());
  });

  it('has a card the issuer declines when a stored offline payment is sent: chip and tap, under the offline ceiling', () => {
    const card = deck.find((candidate) => candidate.id === 'visa-offline-decline');
    expect(card).toMatchObject({ scenario: 'decline', methods: ['insert', 'tap'], cvm: 'none' });
    // Under the default per-payment offline ceiling ($50.00), so the lane stores it and it is declined later.
    expect(Number(card?.amount)).toBeLessThanOrEqual(50);
  });

  it('reads every card by every way it can be presented, as the scenario says', () => {
    const reader = new EmulatedEncryptingReader();
    for (const card of deck) {
      for (const method of card.methods) {
        const output =
          method === 'swipe'
            ? reader.swipe(card)
            : reader.chip(card, Math.round(Number(card.amount) * 100), method === 'tap' ? 'contactless' : 'chip');
        const parsed = parseReaderOutput(output);
        if (card.chip === 'fails' && method === 'insert') {
          expect(parsed.kind, card.id).toBe('chip-error');
          continue;
        }
        expect(parsed.kind, card.id).toBe('card');
        if (parsed.kind !== 'card') continue;
        expect(parsed.read.network, card.id).toBe(card.network);
        expect(parsed.read.lastFour, card.id).toBe(card.pan.slice(-4));
        expect(parsed.read.entryMode, card.id).toBe({ swipe: 'swipe', insert: 'chip', tap: 'contactless' }[method]);
        if (method === 'insert') expect(parsed.read.cvm?.method, card.id).toBe(card.cvm === 'none' ? 'none' : card.cvm);
      }
    }
  });

  it('names the file and the entry when the deck is wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deck-'));
    writeFileSync(
      join(dir, 'test-cards.json'),
      JSON.stringify({ about: '', cards: [{ ...deck[0], pan: '4111111111111112' }] }),
    );
    expect(() => loadTestCards(dir)).toThrow(/test-cards\.json is invalid at cards\.0\.pan: fails the Luhn check/);
    writeFileSync(join(dir, 'test-cards.json'), JSON.stringify({ about: '', cards: [deck[0], deck[0]] }));
    expect(() => loadTestCards(dir)).toThrow(`has the id "${deck[0]?.id}" twice`);
    expect(() => loadTestCards(join(dir, 'missing'))).toThrow('Cannot read the test card deck');
  });
});
