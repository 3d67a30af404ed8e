import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withLuhnDigit } from '../../support/cards';
import { collectingLogger } from '../../support/test-core';

const pan = fc
  .stringMatching(/^[3-6]\d{14}$/)
  .map(withLuhnDigit)
  // A PAN whose middle is all one digit could look masked already; keep the check meaningful.
  .filter((number) => new Set(number.slice(6, 12)).size > 1);
const masked = (number: string) => `${number.slice(0, 6)}${'*'.repeat(number.length - 10)}${number.slice(-4)}`;
const text = fc.string({ maxLength: 20 }).map((s) => s.replace(/\d/g, 'x'));

describe('createLogger redaction', () => {
  it('masks a card number anywhere: message, fields, nested values, arrays, errors, child bindings', () => {
    fc.assert(
      fc.property(pan, text, text, (number, before, after) => {
        const { logger, lines } = collectingLogger();
        const sentence = `${before}${number}${after}`;
        logger.info({ note: sentence, order: { lines: [{ memo: sentence }] } }, sentence);
        logger.warn('interpolated %s', sentence);
        logger.error(new Error(sentence));
        logger.error({ err: new Error('wrapped', { cause: new Error(sentence) }) }, 'failed');
        logger.child({ session: sentence }).info('child');
        const output = lines.join('\n');
        expect(output).not.toContain(number);
        expect(output).not.toContain(number.slice(6, 12));
        expect(output).toContain(masked(number));
      }),
      { numRuns: 150 },
    );
  });

  it.each([
    ['spaces', '4788 2500 0012 1443'],
    ['dashes', '4788-2500-0012-1443'],
    ['Amex grouping', '3714 496353 98431'],
  ])('masks a grouped number (%s)', (_what, grouped) => {
    const { logger, lines } = collectingLogger();
    logger.info(`card ${grouped} read`);
    const digits = grouped.replace(/\D/g, '');
    expect(lines.join()).not.toContain(grouped);
    expect(lines.join()).toContain(masked(digits));
  });

  it('removes track data from text', () => {
    const { logger, lines } = collectingLogger();
    logger.warn('bad swipe %B4788250000121443^DOE/JOHN^2812101000000000000000?;4788250000121443=28121010000000000000?');
    logger.warn('track2 equivalent 4788250000121443=2812101123456789');
    const output = lines.join('\n');
    expect(output).not.toContain('DOE/JOHN');
    expect(output).not.toContain('2812101');
    expect(output).toContain('[track removed]');
  });

  it('drops the values of card-data and credential keys at any depth, keeping the gateway token', () => {
    const { logger, lines } = collectingLogger();
    logger.info(
      {
        request: {
          track: ';4788250000121443=2812101?',
          cvv2: '123',
          expiry: '1228',
          headers: { Authorization: 'Basic dGVzdGluZzp0ZXN0aW5nMTIz' },
          tlv: '9F340302',
        },
        token: '9418594164541111',
        retref: '343005123105',
        password: 'hunter2',
      },
      'auth sent',
    );
    const record = JSON.parse(lines[0] ?? '{}') as Record<string, Record<string, unknown>>;
    expect(record.request).toMatchObject({
      track: '[removed]',
      cvv2: '[removed]',
      expiry: '[removed]',
      headers: { Authorization: '[removed]' },
      tlv: '[removed]',
    });
    expect(record.password).toBe('[removed]');
    // The gateway's token is kept by key, but a 16-digit value still gets the PAN mask: safe side.
    expect(record.token).toBe('941859******1111');
    expect(record.retref).toBe('343005123105');
    expect(lines[0]).not.toContain('dGVzdGluZzp0ZXN0aW5nMTIz');
  });

  it('survives cycles and deep nesting', () => {
    const { logger, lines } = collectingLogger();
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    let deep: Record<string, unknown> = { pan: '4788250000121443' };
    for (let i = 0; i < 20; i++) deep = { deeper: deep };
    logger.info({ loop, deep }, 'odd shapes');
    expect(lines[0]).toContain('[circular]');
    expect(lines[0]).toContain('[too deep]');
    expect(lines[0]).not.toContain('4788250000121443');
  });

  it('leaves ordinary numbers and amounts alone', () => {
    const { logger, lines } = collectingLogger();
    logger.info({ amount: 1234, orderId: 'AB-20261122-0001', retref: '343005123105' }, 'sale 12.34 approved');
    expect(lines[0]).toContain('"amount":1234');
    expect(lines[0]).toContain('AB-20261122-0001');
    expect(lines[0]).toContain('343005123105');
    expect(lines[0]).toContain('sale 12.34 approved');
  });
});
