import { describe, expect, it } from 'vitest';
import {
  parseSessionKeyHeader,
  sessionExpiry,
  sessionLifetimeMs,
} from '../../../../src-main/lane/integrated-terminal/session-key';

/** connect's X-CardConnect-SessionKey header, as developer-guides.md "Establishing a Session" writes it. */
describe('the X-CardConnect-SessionKey header', () => {
  it('reads the key and its expiry', () => {
    expect(parseSessionKeyHeader('e3072040eb08454dac18ff67cd6c311c;expires=2019-04-22T23:49:55.684Z')).toEqual({
      key: 'e3072040eb08454dac18ff67cd6c311c',
      expiresAt: Date.parse('2019-04-22T23:49:55.684Z'),
    });
  });

  it("tolerates the arrow Postman prints, spaces, and the guide's closing full stop", () => {
    expect(parseSessionKeyHeader('→ abc123 ; expires=2018-09-25T16:26:48.482Z.')).toEqual({
      key: 'abc123',
      expiresAt: Date.parse('2018-09-25T16:26:48.482Z'),
    });
  });

  it('a key without a readable expiry is kept, the expiry left to the documented ten minutes', () => {
    const session = parseSessionKeyHeader('abc123;expires=soon')!;
    expect(session).toEqual({ key: 'abc123', expiresAt: undefined });
    expect(sessionExpiry(session, 1_000)).toBe(1_000 + sessionLifetimeMs);
  });

  it('no key, or one that cannot go back in a header, is no session', () => {
    for (const header of [undefined, null, '', ';expires=2019-04-22T23:49:55.684Z', 'two words', 'a,b'])
      expect(parseSessionKeyHeader(header), String(header)).toBeUndefined();
  });

  it('an expiry sooner than ten minutes is kept; a later one is capped', () => {
    const receivedAt = Date.parse('2026-11-28T12:00:00Z');
    expect(sessionExpiry({ key: 'k', expiresAt: receivedAt + 60_000 }, receivedAt)).toBe(receivedAt + 60_000);
    expect(sessionExpiry({ key: 'k', expiresAt: receivedAt + 3_600_000 }, receivedAt)).toBe(receivedAt + 600_000);
  });
});
