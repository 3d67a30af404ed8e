import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeviceDataRefused,
  readApplePayDeviceData,
  readGooglePayDeviceData,
} from '../../src-main/stand-ins/tokenizer/tokenizer-device-data';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { createTrainingWalletKeys } from '../../src-main/stand-ins/training-wallet/training-keys';
import { trainingWalletPayment } from '../../src-main/stand-ins/training-wallet/training-wallet';
import { ecV1DeviceData, ecV1TokenizeRequest } from '../../src-main/lane/wallet/device-data';
import type { EcV1PaymentToken } from '../../src-main/reference/wallet-tokens';
import { referenceDir } from '../support/gateway-reference';

/**
 * Issue 19: the lane builds devicedata and the tokenizer emulator reads it, each written from the
 * wallet spec and the tokenizer's guides and neither from the other. Here the lane's devicedata
 * for the known-answer vector and for the documents' own layouts is read back by the emulator's
 * reader, the vector is decrypted by the emulator over HTTP, and every malformed shape the spec
 * and the guides warn of is refused with the code the emulator documents.
 */

const specs = join(referenceDir, '..');
const specFile = join(specs, 'wallet-tokenization.md');
const guideFile = (name: string) => join(referenceDir, 'wallet', name);
const missing = [specFile, guideFile('apple-pay-guide.md'), guideFile('google-pay-guide.md')].find(
  (file) => !existsSync(file),
);
if (missing && process.env.CI) throw new Error(`the wallet documents cannot be read in CI: ${missing} is missing`);
const suite = missing ? describe.skip : describe;

// The vector (../shared/specs/vectors/wallet-ec-v1/, kept in the repository as test/fixtures/wallet-ec-v1/).
const vectorDir = join(import.meta.dirname, '..', 'fixtures', 'wallet-ec-v1');
const readVector = (name: string) => readFileSync(join(vectorDir, name), 'utf8');
const vector = JSON.parse(readVector('token.json')) as EcV1PaymentToken & {
  header: { publicKeyHash: string };
};
const withoutHashes = { ...vector, header: { ...vector.header, publicKeyHash: undefined } };

/** The tokenize request body of a guide's "Sample ... Request" block. */
function guideSample(file: string, heading: string): { encryptionhandler: string; devicedata: string } {
  const text = readFileSync(guideFile(file), 'utf8');
  const block = text.slice(text.indexOf(heading)).split('```json')[1]!.split('```')[0]!;
  return JSON.parse(block.slice(block.indexOf('{'))) as { encryptionhandler: string; devicedata: string };
}

/** The spec's devicedata layout line, `<data>&ectype=wallet&ecsig=<signature>...`. */
function specLayout(): string {
  const line = readFileSync(specFile, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('devicedata layout: '))!;
  return line.slice('devicedata layout: '.length).split('. ')[0]!;
}

/** A devicedata the emulator must refuse, with the code it documents for that refusal. */
function refusal(devicedata: string): { errorcode: number; problem: string } {
  try {
    readApplePayDeviceData(devicedata);
  } catch (error) {
    if (error instanceof DeviceDataRefused) return { errorcode: error.errorcode, problem: error.message };
    throw error;
  }
  throw new Error('the emulator read a devicedata it should refuse');
}

suite('the lane’s devicedata, read by the tokenizer emulator’s own reader', () => {
  it('reads back the vector token for every wallet API version', () => {
    expect(readApplePayDeviceData(ecV1DeviceData(vector, { walletApiVersion: 1 }))).toEqual(withoutHashes);
    for (const walletApiVersion of [2, 3, 14])
      expect(readApplePayDeviceData(ecV1DeviceData(vector, { walletApiVersion }))).toEqual(vector);
  });

  it('builds the spec’s layout line exactly, its placeholders filled from a token with applicationData', () => {
    const applicationData = createHash('sha256').update('order 1042').digest('hex');
    const token = { ...vector, header: { ...vector.header, applicationData } };
    // The spec's neutral `ectype=wallet` is the service's `apple` (FACTS.md, "The real service").
    const expected = specLayout()
      .replace('ectype=wallet', 'ectype=apple')
      .replace('<data>', token.data)
      .replace('<signature>', token.signature)
      .replace('<ephemeralPublicKey>', token.header.ephemeralPublicKey)
      .replace('<transactionId>', token.header.transactionId)
      .replace('<applicationDataHash>', applicationData)
      .replace('<publicKeyHash>', token.header.publicKeyHash);
    expect(expected).not.toMatch(/[<>]/);
    expect(ecV1DeviceData(token, { walletApiVersion: 2 })).toBe(expected);
    expect(readApplePayDeviceData(expected)).toEqual(token);
  });

  it('builds the Apple Pay guide’s sample request, its values those of the vector', () => {
    const sample = guideSample('apple-pay-guide.md', '### Sample Apple Pay Tokenization Request');
    // The sample's own values are illustrations (its data is 433 characters: not base64), so the
    // emulator refuses them as such, after its layout has passed every rule of order and presence.
    expect(refusal(sample.devicedata)).toEqual({ errorcode: 19, problem: 'devicedata: data is not base64' });
    const values: Record<string, string> = {
      ectype: 'apple',
      ecsig: vector.signature,
      eckey: vector.header.ephemeralPublicKey,
      ectid: vector.header.transactionId,
      echash: '',
      ecpublickeyhash: vector.header.publicKeyHash,
    };
    const [, ...labelled] = sample.devicedata.split('&');
    const revalued = [vector.data, ...labelled.map((part) => part.replace(/=.*$/, `=${values[part.split('=')[0]!]}`))];
    const request = ecV1TokenizeRequest(vector, { walletApiVersion: 2 });
    expect(request).toEqual({ encryptionhandler: sample.encryptionhandler, devicedata: revalued.join('&') });
    expect(readApplePayDeviceData(request.devicedata)).toEqual(vector);
  });

  it('reads the Google Pay guide’s sample request: the whole token as JSON text', () => {
    const sample = guideSample('google-pay-guide.md', '### Sample Google Pay Tokenize Request');
    expect(sample.encryptionhandler).toBe('EC_GOOGLE_PAY');
    const token = readGooglePayDeviceData(sample.devicedata);
    expect(token).toEqual(JSON.parse(sample.devicedata));
  });
});

suite('the malformed shapes the spec and the guides warn of, refused by the emulator', () => {
  const good = ecV1DeviceData(vector, { walletApiVersion: 2 });
  const [data, ...labelled] = good.split('&') as [string, ...string[]];

  it.each([
    ['the labelled fields out of the spec’s order', [data, labelled[1], labelled[0], ...labelled.slice(2)], 24],
    ['ecpublickeyhash before echash', [data, ...labelled.slice(0, 4), labelled[5], labelled[4]], 24],
    ['a labelled field before the data', [labelled[0], data, ...labelled.slice(1)], 74],
    ['the data labelled', [`data=${data}`, ...labelled], 74],
    ['ecpublickeyhash without echash (rule 2)', [data, ...labelled.slice(0, 4), labelled[5]], 74],
    ['no ectid', [data, ...labelled.filter((part) => !part.startsWith('ectid='))], 74],
    ['an empty ecsig', [data, labelled[0], 'ecsig=', ...labelled.slice(2)], 74],
    ['the spec’s neutral ectype=wallet, not the service’s', [data, 'ectype=wallet', ...labelled.slice(1)], 75],
    ['a field the service does not know', [...[data, ...labelled], 'ecversion=2'], 24],
    ['a field given twice', [data, ...labelled, labelled[4]], 24],
    ['data too short for a ciphertext and its tag', ['AAAAAAAAAAAAAAAAAAAAAA==', ...labelled], 21],
  ] as const)('refuses %s', (_what, parts, errorcode) => {
    expect(refusal(parts.join('&')).errorcode).toBe(errorcode);
  });

  it('refuses URL encoding, whole or of the values only, as illegal characters (38)', () => {
    expect(good).toMatch(/[+/=]/);
    expect(refusal(encodeURIComponent(good))).toEqual({
      errorcode: 38,
      problem: "devicedata: holds '%': it is URL encoded, and must be sent as it is",
    });
    const valuesEncoded = [data, ...labelled]
      .map((part, index) => {
        if (index === 0) return encodeURIComponent(part);
        const equals = part.indexOf('=');
        return `${part.slice(0, equals)}=${encodeURIComponent(part.slice(equals + 1))}`;
      })
      .join('&');
    expect(refusal(valuesEncoded).errorcode).toBe(38);
  });

  it('refuses base64 that the URL-safe alphabet or a lost padding broke (19)', () => {
    const urlSafe = [data.replace(/\+/g, '-').replace(/\//g, '_'), ...labelled].join('&');
    expect(refusal(urlSafe)).toEqual({ errorcode: 19, problem: 'devicedata: data is not base64' });
    const unpadded = [data, ...labelled.slice(0, 5), labelled[5]!.replace(/=+$/, '')].join('&');
    expect(refusal(unpadded)).toEqual({ errorcode: 19, problem: 'devicedata: ecpublickeyhash is not base64' });
  });

  it('names fields in its problems, never a value of the payload', () => {
    for (const parts of [
      [data, labelled[1], labelled[0], ...labelled.slice(2)],
      [data, ...labelled.slice(0, 3), 'ectid=xyz', ...labelled.slice(4)],
    ]) {
      const { problem } = refusal(parts.join('&'));
      for (const value of [vector.data, vector.signature, vector.header.transactionId, 'xyz'])
        expect(problem).not.toContain(value);
    }
  });
});

/** The vector's intermediate CA, which the emulator is given as its root: the vector holds no root. */
function vectorIntermediate(): X509Certificate {
  const signedData = new pkijs.SignedData({
    schema: pkijs.ContentInfo.fromBER(Buffer.from(vector.signature, 'base64')).content,
  });
  return (signedData.certificates ?? [])
    .map((item) => new X509Certificate(Buffer.from((item as pkijs.Certificate).toSchema(false).toBER(false))))
    .find((item) => item.ca)!;
}

suite('the lane’s devicedata decrypted by the tokenizer emulator over HTTP', () => {
  const signedAt = Date.parse('2021-09-01T19:03:06Z');
  const now = signedAt + 45_000;
  let vectorTokenizer: RunningEmulator;
  const trainingKeys = createTrainingWalletKeys(Date.now());
  let trainingTokenizer: RunningEmulator;

  beforeAll(async () => {
    vectorTokenizer = await startEmulator({
      realism: false,
      clock: { now: () => now },
      wallet: {
        merchant: {
          privateKey: createPrivateKey(readVector('private_key.pem')),
          certificate: new X509Certificate(readVector('certificate.pem')),
        },
        anchors: [vectorIntermediate()],
      },
    });
    trainingTokenizer = await startEmulator({
      realism: false,
      wallet: { merchant: trainingKeys.merchant, anchors: [trainingKeys.root] },
    });
  });
  afterAll(async () => {
    await vectorTokenizer?.close();
    await trainingTokenizer?.close();
  });

  async function tokenize(emulator: RunningEmulator, body: unknown) {
    const response = await fetch(`http://127.0.0.1:${emulator.port}/cardsecure/api/v1/ccn/tokenize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      json: (await response.json()) as { errorcode: number; token?: string },
      problem: response.headers.get('x-emulator-problem') ?? '',
    };
  }

  it('decrypts the vector from the lane’s request to its account (expected.json): 9, 53, ..., 1169', async () => {
    const request = ecV1TokenizeRequest(vector, { walletApiVersion: 3 });
    const { json } = await tokenize(vectorTokenizer, request);
    expect(json).toMatchObject({ errorcode: 0, token: expect.stringMatching(/^953\d{9}1169$/) });
    // Once: the same transaction id again is a duplicate.
    expect((await tokenize(vectorTokenizer, request)).json.errorcode).toBe(53);
  });

  it('refuses a payload whose applicationData lost its echash: without it 74 (rule 2), emptied 24 (the signed header is not what was sent)', async () => {
    const token = trainingWalletPayment(
      {
        account: '4111111111111111',
        expiration: '291231',
        amount: 1234,
        currencyCode: '840',
        applicationData: 'order 7',
      },
      trainingKeys.merchant.certificate,
      trainingKeys.signer,
      new Date(),
    );
    const request = ecV1TokenizeRequest(token, { walletApiVersion: 2 });
    expect(request.devicedata).toContain(`&echash=${token.header.applicationData}&`);
    const removed = await tokenize(trainingTokenizer, {
      ...request,
      devicedata: request.devicedata.replace(/&echash=[^&]*/, ''),
    });
    expect(removed.json.errorcode).toBe(74);
    expect(removed.problem).toMatch(/echash must be sent with ecpublickeyhash/);
    const dropped = await tokenize(trainingTokenizer, {
      ...request,
      devicedata: request.devicedata.replace(/&echash=[^&]*/, '&echash='),
    });
    expect(dropped.json.errorcode).toBe(24);
    expect(dropped.problem).toMatch(/signed digest/);
    expect((await tokenize(trainingTokenizer, request)).json).toMatchObject({ errorcode: 0 });
  });
});
