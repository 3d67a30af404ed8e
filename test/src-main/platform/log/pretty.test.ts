import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src-main/platform/log/logger';
import { prettyLineFormatter } from '../../../../src-main/platform/log/pretty';
import { withLuhnDigit } from '../../../support/cards';

/** A pretty logger writing to memory; `text()` is everything it wrote. */
function collectPretty(level: 'debug' | 'info' = 'info') {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level, destination, format: 'pretty' });
  return { logger, text: () => chunks.join(''), lines: () => chunks.join('').split('\n').filter(Boolean) };
}

const openFailure = () =>
  new Error('Cannot open /dev/ttyUSB9 at 19200 baud', {
    cause: new Error('No such file or directory, cannot open /dev/ttyUSB9'),
  });

describe('pretty log lines', () => {
  it('prints time, level, message, the error and its cause on one line, and fields as key=value', () => {
    const { logger, lines } = collectPretty();
    logger.error({ device: 'neo', err: openFailure() }, 'card-reader cannot be opened: check that it is plugged in');
    logger.info({ mode: 'counter', training: true }, 'core started');
    expect(lines()).toHaveLength(2);
    expect(lines()[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] ERROR: card-reader cannot be opened: check that it is plugged in — Cannot open \/dev\/ttyUSB9 at 19200 baud; cause: No such file or directory, cannot open \/dev\/ttyUSB9 device=neo$/,
    );
    expect(lines()[1]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: core started mode=counter training=true$/);
    for (const line of lines()) expect(() => JSON.parse(line)).toThrow();
  });

  it('leaves the stack out, unless the level is debug', () => {
    const quiet = collectPretty('info');
    quiet.logger.warn({ err: openFailure() }, 'reader disconnected');
    expect(quiet.text()).not.toMatch(/\n\s+at /);
    expect(quiet.lines()).toHaveLength(1);

    const verbose = collectPretty('debug');
    verbose.logger.warn({ err: openFailure() }, 'reader disconnected');
    expect(verbose.lines()[0]).toContain('reader disconnected — Cannot open /dev/ttyUSB9');
    expect(verbose.lines()[1]).toMatch(/^\s{4}at /);
  });

  it('says a cause once when the error quotes it already', () => {
    const { logger, lines } = collectPretty();
    logger.warn(
      { err: new Error('Cannot open /dev/ttyUSB9: Error: busy', { cause: new Error('Error: busy') }) },
      'reader lost',
    );
    expect(lines()[0]).toMatch(/ WARN: reader lost — Cannot open \/dev\/ttyUSB9: Error: busy$/);
  });

  it('takes the message from an error logged on its own, without repeating it', () => {
    const { logger, lines } = collectPretty();
    logger.error(new TypeError('bad input'));
    expect(lines()).toEqual([expect.stringMatching(/^\S+ ERROR: bad input$/)]);
  });

  it('masks card numbers and drops card data in the message, fields, errors and causes', () => {
    const pan = fc
      .stringMatching(/^4\d{14}$/)
      .map(withLuhnDigit)
      .filter((n) => new Set(n.slice(6, 12)).size > 1);
    fc.assert(
      fc.property(pan, (number) => {
        const { logger, text } = collectPretty('debug');
        const masked = `${number.slice(0, 6)}******${number.slice(-4)}`;
        const error = new Error(`declined ${number}`, { cause: new Error(`track ;${number}=2812101?`) });
        logger.warn(
          { account: number, cvv2: '123', order: { note: `card ${number}` }, err: error },
          'sale %s failed',
          number,
        );
        logger.child({ pan: number }).info('child');
        const output = text();
        expect(output).not.toContain(number);
        expect(output).not.toContain('cvv2');
        expect(output).not.toContain('2812101');
        expect(output.split(masked).length - 1).toBeGreaterThanOrEqual(5);
      }),
      { numRuns: 50 },
    );
  });

  it('passes a line that is not a JSON record through', () => {
    expect(prettyLineFormatter(false)('plain words')).toBe('plain words\n');
  });
});

describe('JSON log lines', () => {
  it('leave the stack out below debug, keeping the message and the cause', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    createLogger({ level: 'info', destination, format: 'json' }).warn({ err: openFailure() }, 'reader disconnected');
    const record = JSON.parse(lines[0] ?? '{}') as { err: Record<string, unknown> };
    expect(record.err).toEqual({
      type: 'Error',
      message: 'Cannot open /dev/ttyUSB9 at 19200 baud',
      cause: { type: 'Error', message: 'No such file or directory, cannot open /dev/ttyUSB9' },
    });
  });
});
