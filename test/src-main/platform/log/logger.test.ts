import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger, type Logger } from '../../../../src-main/platform/log/logger';
import { removedKeys } from '../../../../src-main/platform/log/redact';
import { withLuhnDigit } from '../../../support/cards';

/** A logger writing to memory. `output()` is every line with pino's `time` taken out, so
 * digits in the clock cannot be mistaken for (or hide) card digits. */
function collect(level: 'debug' | 'info' = 'debug') {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const logger = createLogger({ level, destination });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const output = () =>
    records()
      .map(({ time: _time, ...record }) => JSON.stringify(record))
      .join('\n');
  return { logger, lines, records, output };
}

const pan = fc
  .stringMatching(/^[3-6]\d{14}$/)
  .map(withLuhnDigit)
  // A PAN whose middle is all one digit could look masked already; keep the check meaningful.
  .filter((number) => new Set(number.slice(6, 12)).size > 1);
const masked = (number: string) => `${number.slice(0, 6)}${'*'.repeat(number.length - 10)}${number.slice(-4)}`;
// No digits (they would lengthen the run) and none of ^ @ =, which could frame the number as
// track data or URL credentials: removed entirely, it would not show the masked form checked for.
const digitFree = fc.string({ maxLength: 20 }).map((s) => s.replace(/[\d^@=]/g, 'x'));
const depth = fc.integer({ min: 0, max: 5 });
const nestedIn = (levels: number, leaf: Record<string, unknown>) => {
  let value: Record<string, unknown> = leaf;
  for (let i = 0; i < levels; i++) value = i % 2 ? { items: [value] } : { order: value };
  return value;
};

describe('createLogger: card numbers', () => {
  it('masks a PAN anywhere: message, interpolation, fields at any depth, errors, causes, child bindings', () => {
    fc.assert(
      fc.property(pan, digitFree, digitFree, depth, (number, before, after, levels) => {
        const { logger, output } = collect();
        const sentence = `${before}${number}${after}`;
        logger.info(nestedIn(levels, { note: sentence }), sentence);
        logger.warn('interpolated %s and %j', sentence, { memo: sentence });
        logger.error(new Error(sentence));
        logger.error({ err: new Error(sentence) });
        logger.error({ err: new Error('wrapped', { cause: new Error(sentence) }) }, 'failed');
        logger
          .child({ session: sentence })
          .child({ lane: nestedIn(levels, { memo: sentence }) })
          .info('child');
        const text = output();
        expect(text).not.toContain(number);
        expect(text).not.toContain(number.slice(6, 12));
        expect(text).toContain(masked(number));
      }),
      { numRuns: 150 },
    );
  });

  it('masks the two examples of the policy', () => {
    const { logger, records, output } = collect();
    logger.info({ card: '4788250000121443' }, 'paid with 4788250000121443');
    logger.error(new Error('bad track %B4788250000121443^DOE/J^2512101?'));
    const [paid, track] = records();
    expect(paid).toMatchObject({ card: '478825******1443', msg: 'paid with 478825******1443' });
    expect(track).toMatchObject({ msg: 'bad track [track removed]', err: { message: 'bad track [track removed]' } });
    expect(output()).not.toMatch(/4788250000121443|DOE\/J|2512101/);
  });

  it('masks a PAN split across interpolation parameters, or given as a number', () => {
    const { logger, output } = collect();
    logger.info('card %s%s', '47882500', '00121443');
    logger.info({ pan: 4788250000121443 }, 'amount %d', 4788250000121443);
    expect(output()).not.toContain('4788250000121443');
    expect(output().match(/478825\*{6}1443/g)).toHaveLength(3);
  });

  it('masks what a child brings in its options: prefix, serializers and formatters', () => {
    const { logger, output } = collect();
    const child = logger.child(
      { lane: 1 },
      {
        msgPrefix: '[4788250000121443] ',
        // The record formatter runs before serializers, so a serializer that makes card data
        // (here: decoding it) must be redacted after it.
        serializers: { card: (card: { b64: string }) => Buffer.from(card.b64, 'base64').toString('utf8') },
        formatters: { log: (record: object) => ({ ...record, added: '4788250000121443' }) },
      },
    );
    child.info({ card: { b64: Buffer.from('card 4788250000121443').toString('base64') } }, 'sale');
    child.setBindings({ cvv: '123', till: '4788250000121443' });
    child.info('after setBindings');
    expect(output()).not.toContain('4788250000121443');
    expect(output()).not.toContain('cvv');
    expect(output()).toContain('"card":"card 478825******1443"');
  });
});

describe('createLogger: removed keys and the gateway token', () => {
  const anyCase = (key: string) =>
    fc
      .tuple(fc.array(fc.boolean(), { minLength: key.length, maxLength: key.length }), fc.constantFrom('', '_'))
      .map(([upper, separator]) => {
        const cased = [...key].map((char, i) => (upper[i] ? char.toUpperCase() : char)).join('');
        return `${cased.slice(0, 1)}${separator}${cased.slice(1)}`;
      });
  const removedKey = fc.constantFrom(...removedKeys).chain(anyCase);
  const secretValue = fc.stringMatching(/^[A-Za-z]{10,16}$/).map((s) => `V${s}`);

  it('never writes a removed key or its value, at any depth, in fields, errors or bindings', () => {
    fc.assert(
      fc.property(removedKey, secretValue, depth, (key, value, levels) => {
        const { logger, output } = collect();
        logger.info(nestedIn(levels, { [key]: value, sku: 'A1' }), 'fields');
        logger.error({ err: Object.assign(new Error('declined'), { [key]: value }) }, 'error');
        logger.child({ [key]: value }).info('child');
        logger.info('interpolated %j', nestedIn(levels, { [key]: value }));
        const text = output();
        expect(text).not.toContain(`"${key}":`);
        expect(text).not.toContain(value);
        expect(text).toContain('"sku":"A1"');
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the gateway token whole, at any depth', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^9\d{15}$/), depth, (token, levels) => {
        const { logger, output } = collect();
        logger.info(nestedIn(levels, { token, retref: '343005123105' }), 'authorized');
        expect(output()).toContain(`"token":"${token}"`);
        expect(output()).toContain('"retref":"343005123105"');
      }),
      { numRuns: 100 },
    );
  });

  it('drops HTTP credential headers but keeps the rest of the request', () => {
    const { logger, records } = collect();
    logger.info(
      {
        request: {
          method: 'PUT',
          headers: {
            Authorization: 'Basic dGVzdGluZzp0ZXN0aW5nMTIz',
            'Proxy-Authorization': 'x',
            Cookie: 'sid=1',
            accept: 'json',
          },
          body: { merchid: '496160873888', account: '4788250000121443', expiry: '1228', cvv2: '123', amount: '12.34' },
        },
      },
      'auth sent',
    );
    expect(records()[0]?.request).toEqual({
      method: 'PUT',
      headers: { accept: 'json' },
      body: { merchid: '496160873888', account: '478825******1443', amount: '12.34' },
    });
  });
});

describe('createLogger: everything else', () => {
  it('leaves ordinary fields, amounts and ids alone', () => {
    const { logger, records } = collect();
    logger.info({ amount: 1234, orderId: 'AB-20261122-0001', retref: '343005123105', ok: true }, 'sale 12.34 approved');
    expect(records()[0]).toMatchObject({
      app: 'lanepoint',
      level: 30,
      amount: 1234,
      orderId: 'AB-20261122-0001',
      retref: '343005123105',
      ok: true,
      msg: 'sale 12.34 approved',
    });
  });

  it('logs errors the way pino does: message from the error, type and stack kept', () => {
    const { logger, records } = collect();
    logger.error(new TypeError('bad input'));
    logger.error({ err: new Error('declined') });
    logger.warn({ err: new Error('timeout') }, 'gateway %s', 'slow');
    const [first, second, third] = records();
    expect(first).toMatchObject({ msg: 'bad input', err: { type: 'TypeError', message: 'bad input' } });
    expect((first?.err as { stack?: string }).stack).toMatch(/^TypeError: bad input\n\s+at /);
    expect(second).toMatchObject({ msg: 'declined' });
    expect(third).toMatchObject({ msg: 'gateway slow', err: { message: 'timeout' } });
  });

  it('honours the level and the base fields', () => {
    const { logger, records } = collect('info');
    logger.debug('hidden');
    logger.info('shown');
    expect(records().map((record) => record.msg)).toEqual(['shown']);

    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const withBase: Logger = createLogger({ level: 'info', destination, base: { lane: 'LANE-01', password: 'x' } });
    withBase.info('hello');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ lane: 'LANE-01', msg: 'hello' });
    expect(lines[0]).not.toContain('password');
  });

  it('survives cycles and deep nesting', () => {
    const { logger, lines } = collect();
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    let deep: Record<string, unknown> = { pan: '4788250000121443' };
    for (let i = 0; i < 20; i++) deep = { deeper: deep };
    logger.info({ loop, deep }, 'odd shapes');
    expect(lines[0]).toContain('[circular]');
    expect(lines[0]).toContain('[too deep]');
    expect(lines[0]).not.toContain('4788250000121443');
  });
});
