import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { interpolate } from '../../../../src-main/platform/log/interpolate';
import { redactText } from '../../../../src-main/platform/log/redact';

/** The message a plain pino (no redaction) writes for `template, ...params`: the reference. */
function pinoMessage(template: string, params: unknown[]): unknown {
  let line = '';
  const destination = new Writable({
    write(chunk, _encoding, done) {
      line = String(chunk);
      done();
    },
  });
  const reference = pino({ base: null, timestamp: false }, destination);
  // pino's typed overloads cannot take a spread of unknowns; the call is the plain one.
  Reflect.apply(reference.info, reference, [template, ...params]);
  return (JSON.parse(line) as { msg?: unknown }).msg;
}

describe('interpolate', () => {
  it('builds the message pino builds, redacted as a whole', () => {
    const template = fc
      .array(fc.constantFrom('%s', '%d', '%i', '%f', '%j', '%o', '%O', '%%', '%x', '%', 'ab', ' ', 'c%'), {
        maxLength: 8,
      })
      .map((parts) => parts.join(''));
    const param = fc.oneof(
      fc.stringMatching(/^[a-z ]{0,8}$/),
      fc.integer({ min: -99999, max: 99999 }),
      fc.integer({ min: -99999, max: 99999 }).map((cents) => cents / 100),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.dictionary(fc.constantFrom('a', 'b', 'sku'), fc.integer({ min: 0, max: 99 }), {
        maxKeys: 2,
        noNullPrototype: true,
      }),
      fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(template, fc.array(param, { maxLength: 4 }), (text, params) => {
        // Numbers glued by the template can form a card-like run ('%s%s%s' of -10000, -100,
        // -10000): the whole message is what gets redacted.
        expect(interpolate(text, params)).toEqual(redactText(String(pinoMessage(text, params))));
      }),
      { numRuns: 1000 },
    );
  });

  it('masks a card number split across parameters', () => {
    expect(interpolate('card %s%s', ['47882500', '00121443'])).toBe('card 478825******1443');
    expect(interpolate('card %d', [4788250000121443])).toBe('card 478825******1443');
  });

  it('drops removed keys from objects before they are stringified', () => {
    expect(interpolate('request %j', [{ cvv: '123', sku: 'A1', headers: { authorization: 'Basic x' } }])).toBe(
      'request {"sku":"A1","headers":{}}',
    );
  });

  it('prints an object that cannot become a string instead of throwing, where pino would throw', () => {
    expect(interpolate('odd %s here', [Object.create(null)])).toBe('odd [unprintable] here');
  });

  it('redacts a message given without parameters, and a message that is not a string', () => {
    expect(interpolate('track ;4788250000121443=2812101?', [])).toBe('track [track removed]');
    expect(interpolate(4788250000121443, [])).toBe('478825******1443');
    expect(interpolate({ pin: '1234', ok: true }, [])).toEqual({ ok: true });
  });
});
