import { describe, expect, it } from 'vitest';
import { customerLanguages } from '../../../src-main/lane/ipc/contract';
import { customerWords, customerWordLanguages } from '../../../src-renderer/customer/customer-words';

/** Sample arguments for an entry that takes some: words for those that take words, else amounts (or a time) and how a fee applies. */
const textEntries = new Set(['qrCode', 'badAddress', 'refused']);
const sampleArgs = (key: string): unknown[] => (textEntries.has(key) ? ['it has no @'] : [1234, 567, 'card']);

describe("the customer display's words", () => {
  it('has a dictionary for every language the contract lets a display speak', () => {
    expect([...customerWordLanguages].sort()).toEqual([...customerLanguages].sort());
  });

  it.each(customerWordLanguages)('%s has every entry English has, of the same kind, none empty', (language) => {
    const english = customerWords('en') as unknown as Record<string, unknown>;
    const words = customerWords(language) as unknown as Record<string, unknown>;
    expect(Object.keys(words).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(words)) {
      expect(typeof value, key).toBe(typeof english[key]);
      const said = typeof value === 'function' ? (value as (...args: unknown[]) => unknown)(...sampleArgs(key)) : value;
      expect(typeof said, key).toBe('string');
      expect((said as string).trim().length, key).toBeGreaterThan(0);
    }
  });

  it('speaks Spanish in Spanish, not in English', () => {
    const english = customerWords('en');
    const spanish = customerWords('es');
    const same = (Object.keys(english) as (keyof typeof english)[]).filter(
      (key) => typeof english[key] === 'string' && english[key] === spanish[key],
    );
    // The same in both languages: the order's "Subtotal" and "Total".
    expect(same.sort()).toEqual(['subtotal', 'total']);
  });

  it('falls back to English for a language it does not have', () => {
    expect(customerWords('fr')).toBe(customerWords('en'));
  });
});
