import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WalletTokenError } from '../../../../src-main/lane/wallet/payment-token';
import { signingTimeOf } from '../../../../src-main/lane/wallet/signing-time';

// The known-answer vector (../shared/specs/vectors/wallet-ec-v1/): its signature was made at 2021-09-01T19:03:06Z.
const vector = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'fixtures', 'wallet-ec-v1', 'token.json'), 'utf8'),
) as { signature: string };

describe('the lane reads the signing time for its early age check', () => {
  it('reads the vector token’s signing time', () => {
    expect(signingTimeOf(vector.signature).toISOString()).toBe('2021-09-01T19:03:06.000Z');
  });

  it.each([
    ['not a CMS SignedData', Buffer.from('not cms').toString('base64'), /signature is not a CMS SignedData/],
    ['an empty SEQUENCE', 'MAA=', /signature is not a CMS SignedData/],
  ])('refuses %s naming the signature', (_what, signature, message) => {
    expect(() => signingTimeOf(signature)).toThrow(WalletTokenError);
    expect(() => signingTimeOf(signature)).toThrow(message);
  });
});
