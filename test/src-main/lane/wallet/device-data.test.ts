import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ecV1DeviceData,
  ecV1DeviceDataOrder,
  ecV1TokenizeRequest,
  ecV2TokenizeRequest,
} from '../../../../src-main/lane/wallet/device-data';
import { readApplePayDeviceData } from '../../../../src-main/stand-ins/tokenizer/tokenizer-device-data';
import { WalletTokenError } from '../../../../src-main/lane/wallet/payment-token';

const vector = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'fixtures', 'wallet-ec-v1', 'token.json'), 'utf8'),
) as {
  data: string;
  signature: string;
  header: { ephemeralPublicKey: string; publicKeyHash: string; transactionId: string };
};

const base64Of = (min: number) =>
  fc.uint8Array({ minLength: min, maxLength: 80 }).map((bytes) => Buffer.from(bytes).toString('base64'));
const hexOf = (bytes: number) =>
  fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((value) => Buffer.from(value).toString('hex'));
const tokenArbitrary = fc
  .record({
    data: base64Of(17),
    signature: base64Of(1),
    ephemeralPublicKey: base64Of(1),
    transactionId: hexOf(32),
    publicKeyHash: fc.option(
      hexOf(32).map((hex) => Buffer.from(hex, 'hex').toString('base64')),
      { nil: undefined },
    ),
    applicationData: fc.option(hexOf(32), { nil: undefined }),
  })
  .map(({ data, signature, ...header }) => ({
    version: 'EC_v1',
    data,
    signature,
    header: Object.fromEntries(Object.entries(header).filter(([, value]) => value !== undefined)) as Record<
      string,
      string
    >,
  }));

const labels = (devicedata: string) =>
  devicedata
    .split('&')
    .slice(1)
    .map((part) => part.slice(0, part.indexOf('=')));

describe('devicedata for an EC_v1 token', () => {
  it('builds the vector token as the guide lays it out (publicKeyHash without applicationData: echash sent empty)', () => {
    const { data, signature, header } = vector;
    expect(ecV1DeviceData(vector, { walletApiVersion: 3 })).toBe(
      `${data}&ectype=apple&ecsig=${signature}&eckey=${header.ephemeralPublicKey}&ectid=${header.transactionId}&echash=&ecpublickeyhash=${header.publicKeyHash}`,
    );
    expect(ecV1TokenizeRequest(vector, { walletApiVersion: 3 }).encryptionhandler).toBe('EC_APPLE_PAY');
  });

  it('sends neither echash nor ecpublickeyhash for wallet API version 1', () => {
    expect(labels(ecV1DeviceData(vector, { walletApiVersion: 1 }))).toEqual(['ectype', 'ecsig', 'eckey', 'ectid']);
  });

  it('keeps base64 as it is: no URL encoding of +, / or =', () => {
    const devicedata = ecV1DeviceData(vector, { walletApiVersion: 2 });
    expect(devicedata).not.toMatch(/%[0-9A-F]{2}/);
    expect(devicedata.startsWith(vector.data)).toBe(true);
  });

  it('property: the fields come in the mandatory order and obey both version rules', () => {
    fc.assert(
      fc.property(tokenArbitrary, fc.integer({ min: 1, max: 14 }), (token, walletApiVersion) => {
        const devicedata = ecV1DeviceData(token, { walletApiVersion });
        const found = labels(devicedata);
        // Order: a subsequence of the mandatory order, starting with the four always sent.
        expect(found.slice(0, 4)).toEqual(['ectype', 'ecsig', 'eckey', 'ectid']);
        expect(found).toEqual(ecV1DeviceDataOrder.filter((label) => found.includes(label)));
        // The tokenizer emulator's own reader gives back the token it was built from.
        const read = readApplePayDeviceData(devicedata);
        if (walletApiVersion === 1) {
          expect(found).not.toContain('echash');
          expect(found).not.toContain('ecpublickeyhash');
          expect(read).toEqual({
            ...token,
            header: { ...token.header, applicationData: undefined, publicKeyHash: undefined },
          });
          return;
        }
        expect(read).toEqual(token);
        // echash when applicationData is present, omitted when it is absent...
        const echash = devicedata.match(/&echash=([^&]*)/)?.[1];
        expect(echash).toBe(
          token.header.applicationData ?? (token.header.publicKeyHash !== undefined ? '' : undefined),
        );
        // ...except that ecpublickeyhash always brings echash, even empty.
        if (found.includes('ecpublickeyhash')) expect(found).toContain('echash');
      }),
    );
  });
});

/** Every way to break one field of a good token, and the field the error must name. */
const breakages: ReadonlyArray<readonly [string, (token: Record<string, unknown>) => void]> = [
  ['version', (t) => delete t.version],
  ['version', (t) => (t.version = 'EC_v2')],
  ['data', (t) => delete t.data],
  ['data', (t) => (t.data = 42)],
  ['data', (t) => (t.data = '')],
  ['data', (t) => (t.data = 'not base64!&ectype=x')],
  ['data', (t) => (t.data = 'AAAA')],
  ['signature', (t) => delete t.signature],
  ['signature', (t) => (t.signature = 'a%2Bb')],
  ['header', (t) => delete t.header],
  ['header', (t) => (t.header = 'text')],
  ['header', (t) => (t.header = [])],
  ['header.ephemeralPublicKey', (t) => delete (t.header as Record<string, unknown>).ephemeralPublicKey],
  ['header.ephemeralPublicKey', (t) => ((t.header as Record<string, unknown>).ephemeralPublicKey = 'a b')],
  ['header.transactionId', (t) => delete (t.header as Record<string, unknown>).transactionId],
  ['header.transactionId', (t) => ((t.header as Record<string, unknown>).transactionId = 'xyz')],
  ['header.transactionId', (t) => ((t.header as Record<string, unknown>).transactionId = 'abc')],
  ['header.publicKeyHash', (t) => ((t.header as Record<string, unknown>).publicKeyHash = 'AAAA')],
  ['header.publicKeyHash', (t) => ((t.header as Record<string, unknown>).publicKeyHash = null)],
  ['header.applicationData', (t) => ((t.header as Record<string, unknown>).applicationData = 'ab')],
  ['header.applicationData', (t) => ((t.header as Record<string, unknown>).applicationData = 'zz'.repeat(32))],
];

describe('a malformed EC_v1 token', () => {
  it.each(breakages.map(([field, breakIt], index) => [index, field, breakIt] as const))(
    '#%i is refused naming %s',
    (_, field, breakIt) => {
      const token = structuredClone(vector) as unknown as Record<string, unknown>;
      breakIt(token);
      expect(() => ecV1DeviceData(token, { walletApiVersion: 2 })).toThrow(WalletTokenError);
      try {
        ecV1DeviceData(token, { walletApiVersion: 2 });
      } catch (error) {
        expect((error as WalletTokenError).field).toBe(field);
        expect((error as Error).message).toContain(field);
      }
    },
  );

  it('property: a random value in any field is refused naming that field, never passed on', () => {
    const fields = [
      'data',
      'signature',
      'header.ephemeralPublicKey',
      'header.transactionId',
      'header.publicKeyHash',
      'header.applicationData',
    ] as const;
    const junk = fc.oneof(
      // Neither base64 (data, signature, keys) nor hex in pairs (header.transactionId takes any
      // length of it): a drawn "ab" is a valid transaction id, not junk.
      fc.string().filter((s) => s === '' || (!/^(?:[A-Za-z0-9+/]{4})*$/.test(s) && !/^(?:[0-9A-Fa-f]{2})+$/.test(s))),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.object(),
    );
    fc.assert(
      fc.property(fc.constantFrom(...fields), junk, (field, value) => {
        const token = structuredClone(vector) as unknown as Record<string, Record<string, unknown>>;
        const [first, second] = field.split('.') as [string, string | undefined];
        if (second) token[first]![second] = value;
        else (token as Record<string, unknown>)[first] = value;
        let named: string | undefined;
        try {
          ecV1DeviceData(token, { walletApiVersion: 2 });
        } catch (error) {
          named = (error as WalletTokenError).field;
        }
        expect(named).toBe(field);
      }),
    );
  });

  it('refuses a wallet API version that is not a whole number from 1', () => {
    expect(() => ecV1DeviceData(vector, { walletApiVersion: 0 })).toThrow(/walletApiVersion/);
    expect(() => ecV1DeviceData(vector, { walletApiVersion: 1.5 })).toThrow(/walletApiVersion/);
  });

  it('names no value of the token in its message', () => {
    const token = { ...vector, header: { ...vector.header, transactionId: 'zz' } };
    expect(() => ecV1DeviceData(token, { walletApiVersion: 2 })).toThrow(
      /^wallet payment token: header\.transactionId must be hex$/,
    );
  });
});

describe('devicedata for an ECv2 token', () => {
  const ecv2 = {
    signature: 'MEYCIQCw',
    intermediateSigningKey: {
      signedKey: '{"keyValue":"MFkw","keyExpiration":"1585761306143"}',
      signatures: ['MEYCIQDb'],
    },
    protocolVersion: 'ECv2',
    signedMessage: '{"encryptedMessage":"mJVt","ephemeralPublicKey":"BK9K","tag":"KVHi"}',
  };

  it('is the whole token JSON, passed on as received', () => {
    const text = JSON.stringify(ecv2);
    expect(ecV2TokenizeRequest(text)).toEqual({ encryptionhandler: 'EC_GOOGLE_PAY', devicedata: text });
    expect(JSON.parse(ecV2TokenizeRequest(ecv2).devicedata)).toEqual(ecv2);
  });

  it.each([
    ['protocolVersion', { ...ecv2, protocolVersion: 'ECv1' }],
    ['signature', { ...ecv2, signature: undefined }],
    ['signedMessage', { ...ecv2, signedMessage: '{broken' }],
    ['intermediateSigningKey', { ...ecv2, intermediateSigningKey: 'x' }],
    [
      'intermediateSigningKey.signatures',
      { ...ecv2, intermediateSigningKey: { ...ecv2.intermediateSigningKey, signatures: [] } },
    ],
    [
      'intermediateSigningKey.signedKey',
      { ...ecv2, intermediateSigningKey: { ...ecv2.intermediateSigningKey, signedKey: 5 } },
    ],
  ])('is refused naming %s', (field, token) => {
    expect(() => ecV2TokenizeRequest(token)).toThrow(new RegExp(`token: ${field.replace('.', '\\.')} `));
  });
});
