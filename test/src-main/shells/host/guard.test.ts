import { describe, expect, it } from 'vitest';
import { isAllowedHostHeader, isAllowedOrigin, isValidToken } from '../../../../src-main/shells/host/guard';

describe('isAllowedHostHeader', () => {
  it.each([
    ['127.0.0.1:8710', true],
    ['localhost:8710', true],
    ['LOCALHOST:8710', true],
    ['127.0.0.1:8711', false],
    ['127.0.0.1', false],
    ['evil.example:8710', false],
    ['127.0.0.1.evil.example:8710', false],
    ['0.0.0.0:8710', false],
    ['[::1]:8710', false],
    [undefined, false],
  ])('%s → %s', (host, allowed) => {
    expect(isAllowedHostHeader(host, 8710)).toBe(allowed);
  });
});

describe('isAllowedOrigin', () => {
  it.each([
    ['http://127.0.0.1:8710', true],
    ['http://localhost:8710', true],
    ['https://127.0.0.1:8710', false],
    ['http://127.0.0.1:8711', false],
    ['http://127.0.0.1', false],
    ['http://evil.example:8710', false],
    ['http://127.0.0.1:8710.evil.example', false],
    ['http://user@127.0.0.1:8710', false],
    ['null', false],
    ['file://', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (origin, allowed) => {
    expect(isAllowedOrigin(origin, 8710)).toBe(allowed);
  });
});

describe('isValidToken', () => {
  const token = 'a'.repeat(43);
  it('accepts only the exact token', () => {
    expect(isValidToken(token, token)).toBe(true);
    expect(isValidToken(`${token}a`, token)).toBe(false);
    expect(isValidToken(token.slice(1), token)).toBe(false);
    expect(isValidToken('b'.repeat(43), token)).toBe(false);
    expect(isValidToken('', token)).toBe(false);
    expect(isValidToken(null, token)).toBe(false);
  });
});
