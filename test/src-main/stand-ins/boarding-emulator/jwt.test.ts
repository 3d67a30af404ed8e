import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeBase64url,
  signJwt,
  verifyJwt,
  type TokenClaims,
} from '../../../../src-main/stand-ins/boarding-emulator/jwt';

const key = Buffer.alloc(32, 7);
const now = Date.UTC(2026, 10, 28, 9);
const claims: TokenClaims = {
  exp: now / 1000 + 300,
  iat: now / 1000,
  jti: 'j-1',
  typ: 'Bearer',
  azp: 'merchapi',
  sub: 'lanepoint-api',
  session_state: 's-1',
};

describe('decodeBase64url', () => {
  it('gives back any bytes from their own spelling', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64url');
        expect(decodeBase64url(text)?.equals(Buffer.from(bytes))).toBe(true);
      }),
    );
  });

  it.each([
    ['padding', 'AQI='],
    ['a character outside the alphabet', 'AQ!I'],
    ['standard base64 characters', 'a+b/'],
    ['a length of 4n+1', 'AQIDB'],
    ['unused bits set in the last character', 'AQJ'],
    ['white space', 'AQ I'],
  ])('refuses %s (%s)', (_what, text) => {
    expect(decodeBase64url(text)).toBeUndefined();
  });

  it('refuses every other spelling that Node would decode to the same bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 40 }),
        fc.array(fc.constantFrom('=', '!', '.', ' ', '\n', '*', '~'), { minLength: 1, maxLength: 3 }),
        (bytes, junk) => {
          const extra = junk.join('');
          const canonical = Buffer.from(bytes).toString('base64url');
          const variant = canonical + extra;
          fc.pre(Buffer.from(variant, 'base64url').equals(Buffer.from(bytes)));
          expect(decodeBase64url(variant)).toBeUndefined();
        },
      ),
    );
  });
});

describe('verifyJwt', () => {
  const token = signJwt(claims, key);
  const [head, body, signature] = token.split('.') as [string, string, string];

  it('takes the token it signed', () => {
    expect(verifyJwt(token, key, 'Bearer', now)).toEqual(claims);
  });

  it('refuses the signature spelled any other way: a flipped unused bit, padding, junk after it', () => {
    // 32 bytes are 43 characters: the last carries 4 bits of signature and 2 unused ones.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    for (const forged of [
      `${signature.slice(0, -1)}${alphabet[last ^ 1]}`,
      `${signature.slice(0, -1)}${alphabet[last ^ 2]}`,
      `${signature}=`,
      `${signature}!!`,
      `${signature}\n`,
    ])
      expect(verifyJwt(`${head}.${body}.${forged}`, key, 'Bearer', now)).toEqual({ refused: 'bad signature' });
  });

  it('refuses a signature of another length without comparing', () => {
    expect(verifyJwt(`${head}.${body}.${signature.slice(0, 42)}`, key, 'Bearer', now)).toEqual({
      refused: 'bad signature',
    });
    expect(verifyJwt(`${head}.${body}.`, key, 'Bearer', now)).toEqual({ refused: 'bad signature' });
  });

  it('refuses a token signed with another key, of the other type, or expired', () => {
    expect(verifyJwt(token, Buffer.alloc(32, 8), 'Bearer', now)).toEqual({ refused: 'bad signature' });
    expect(verifyJwt(token, key, 'Refresh', now)).toEqual({ refused: 'not a Refresh token' });
    expect(verifyJwt(token, key, 'Bearer', now + 300_000)).toEqual({ refused: 'expired' });
  });
});
