import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dptData, readDptAnswer, readLcdPrompt } from '../../../drivers/unattended/dpt';
import { UnattendedDeviceError } from '../../../drivers/unattended/errors';
import {
  decodePaeFrame,
  encodePaeFrame,
  maxFrameLength,
  paeChecksum,
  PaeFrameReader,
  type PaeFrame,
} from '../../../drivers/unattended/frame';
import { readResponseCode, responseCodeText } from '../../../drivers/unattended/response-codes';
import { gtiResponseAsPrinted, matchingExamples, mismatchedExamples, successfulPayment } from './guide-examples';

const failure = (run: () => unknown): UnattendedDeviceError => {
  try {
    run();
  } catch (error) {
    if (error instanceof UnattendedDeviceError) return error;
    throw error;
  }
  throw new Error('expected an UnattendedDeviceError');
};

describe('PAE checksum', () => {
  it('is CRC-16/CCITT-FALSE: the check value of "123456789" is 0x29B1', () => {
    expect(paeChecksum('123456789')).toBe(0x29b1);
  });

  it('gives the guide’s worked example: "*PAE|GTI|CMD|||" is 14392', () => {
    expect(paeChecksum('*PAE|GTI|CMD|||')).toBe(14392);
  });

  it.each(matchingExamples)('matches the guide’s example %s', (frame) => {
    expect(() => decodePaeFrame(frame)).not.toThrow();
  });

  it('matches the guide’s successful payment response once its header’s "*" is restored', () => {
    expect(decodePaeFrame(successfulPayment).code).toBe('01F40000');
    expect(() => decodePaeFrame(successfulPayment.slice(1))).toThrow(/must start with "\*PAE\|"/);
  });

  it.each(mismatchedExamples)(
    'refuses the guide examples whose checksum does not match: $frame',
    ({ frame, textGives }) => {
      const error = failure(() => decodePaeFrame(frame));
      expect(error.kind).toBe('checksum');
      expect(error.message).toContain(`its text gives ${textGives}`);
    },
  );

  it('refuses the GTI response as printed over two lines, however the break is read', () => {
    for (const joined of [
      gtiResponseAsPrinted,
      gtiResponseAsPrinted.replace('\n', ' '),
      gtiResponseAsPrinted.replace('\n', ''),
    ])
      expect(failure(() => decodePaeFrame(joined)).kind).toBe('checksum');
  });
});

describe('PAE frames', () => {
  it('writes commands as the guide prints them, checksum zero-padded to five digits', () => {
    for (const frame of matchingExamples.filter((text) => /\|\d{5}\|\*!PAE!\*$/.test(text)))
      expect(encodePaeFrame(decodePaeFrame(frame))).toBe(frame);
    expect(encodePaeFrame({ key: 'GTI', type: 'CMD', code: '', data: '' })).toBe('*PAE|GTI|CMD|||14392|*!PAE!*');
  });

  it('reads a checksum of fewer digits and keeps pipes inside the data', () => {
    const checked = '*PAE|DPT|RESP|01F50000|{"processorMsg":"a|b"}|';
    const frame = `${checked}${paeChecksum(checked)}|*!PAE!*`;
    expect(decodePaeFrame(frame)).toEqual({
      key: 'DPT',
      type: 'RESP',
      code: '01F50000',
      data: '{"processorMsg":"a|b"}',
    });
  });

  it.each([
    ['PAE|GCS|CMD|1||23478|*!PAE!*', /must start with/],
    ['*PAE|GCS|CMD|1||23478|*!PAE!', /must end with/],
    ['*PAE|GCS|CMD|1|23478|*!PAE!*', /seven fields; this one has 6/],
    ['*PAE|XYZ|CMD|1||23478|*!PAE!*', /unknown message key "XYZ"/],
    ['*PAE|GCS|REQ|1||23478|*!PAE!*', /message type "REQ" is neither CMD nor RESP/],
    ['*PAE|GCS|CMD|1||abc|*!PAE!*', /checksum field "abc" is not decimal/],
  ])('names what is wrong with %s', (frame, words) => {
    const error = failure(() => decodePaeFrame(frame));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(words);
  });

  it('refuses to write a field that would break the layout', () => {
    expect(() => encodePaeFrame({ key: 'GCS', type: 'CMD', code: '1|', data: '' })).toThrow(/response code/);
    expect(() => encodePaeFrame({ key: 'GCS', type: 'CMD', code: '1', data: 'x|*!PAE!*' })).toThrow(/trailer/);
  });
});

describe('PAE frame reader', () => {
  const frames = [
    '*PAE|DPT|RESP|02010000|{"LCD_Code":86,"LCD_Msg":"INSERT/PRESENT CARD"}|53726|*!PAE!*',
    '*PAE|CPT|RESP|00000000|Payment canceled|46408|*!PAE!*',
    successfulPayment,
  ];

  it('finds the same frames however the stream is cut, with line ends between them', () => {
    const stream = frames.join('\r\n');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: stream.length }), { maxLength: 30 }), (cuts) => {
        const reader = new PaeFrameReader();
        const found: PaeFrame[] = [];
        let at = 0;
        for (const cut of [...cuts.sort((a, b) => a - b), stream.length]) {
          const { frames: got, errors } = reader.push(Buffer.from(stream.slice(at, Math.max(at, cut))));
          expect(errors).toEqual([]);
          found.push(...got);
          at = Math.max(at, cut);
        }
        expect(found.map((frame) => frame.code)).toEqual(['02010000', '00000000', '01F40000']);
      }),
      { numRuns: 60 },
    );
  });

  it('skips garbage between frames, saying how much', () => {
    const reader = new PaeFrameReader();
    const { frames: got, errors } = reader.push(`noise${frames[0]}\x00\xff!!${frames[1]}`);
    expect(got).toHaveLength(2);
    expect(errors.map((error) => error.message)).toEqual([
      'PAE frame: 5 characters outside a frame were skipped',
      'PAE frame: 4 characters outside a frame were skipped',
    ]);
  });

  it('reports a frame with a bad checksum and reads the next one', () => {
    const damaged = frames[1]!.replace('46408', '46409');
    const { frames: got, errors } = new PaeFrameReader().push(damaged + frames[0]);
    expect(got.map((frame) => frame.key)).toEqual(['DPT']);
    expect(errors[0]?.kind).toBe('checksum');
    expect(errors[0]?.message).toBe('a CPT RESP frame failed its checksum: it says 46409, its text gives 46408');
  });

  it('drops a frame cut off by the start of another', () => {
    const { frames: got, errors } = new PaeFrameReader().push(frames[0]!.slice(0, 30) + frames[1]);
    expect(got.map((frame) => frame.key)).toEqual(['CPT']);
    expect(errors.map((error) => error.message)).toEqual(['PAE frame: a frame was cut off by the start of another']);
  });

  it('keeps a partial frame until its end comes, and gives up past the longest frame', () => {
    const reader = new PaeFrameReader();
    expect(reader.push(frames[1]!.slice(0, 20))).toEqual({ frames: [], errors: [] });
    expect(reader.push(frames[1]!.slice(20)).frames).toHaveLength(1);
    const endless = reader.push(`*PAE|DPT|RESP|02010000|${'x'.repeat(maxFrameLength)}`);
    expect(endless.errors.map((error) => error.message)).toContain(
      `PAE frame: no frame end within ${maxFrameLength} characters`,
    );
    expect(reader.push(frames[0]!).frames).toHaveLength(1);
  });
});

describe('DPT data', () => {
  it('writes the four payment types with the guide’s parameter names, amount in cents', () => {
    const types = (['sale', 'refund', 'tokenize', 'auth-only'] as const).map(
      (paymentType) =>
        JSON.parse(dptData({ orderId: 'LANE01-260101-1', amountMinor: 100, paymentType, user: 'Kiosk' })) as object,
    );
    expect(types).toEqual(
      [1, 3, 5, 6].map((paymentType) => ({
        orderId: 'LANE01-260101-1',
        paymentAmount: 100,
        paymentType,
        paymentUser: 'Kiosk',
      })),
    );
  });

  it.each([
    [{ orderId: '12345678901234567890' }, /orderId must be 1 to 19/],
    [{ orderId: 'A B' }, /orderId/],
    [{ amountMinor: 0 }, /amountMinor must be a positive whole number/],
    [{ amountMinor: -100 }, /amountMinor/],
    [{ amountMinor: 1.5 }, /amountMinor/],
    [{ user: ' ' }, /user must be 1 to 40/],
  ])('refuses %o before anything is sent', (change, words) => {
    expect(() =>
      dptData({ orderId: 'A1B2C3', amountMinor: 100, paymentType: 'sale', user: 'Kiosk', ...change }),
    ).toThrow(words);
  });

  it('reads the guide’s successful payment response: retref, authcode, amount, EMV tags, receipt data', () => {
    const frame = decodePaeFrame(successfulPayment);
    expect(readDptAnswer('accepted', frame.code, frame.data)).toMatchObject({
      outcome: 'accepted',
      processorReference: '268529151768',
      authorization: 'PPS313',
      amountAuthorizedMinor: 515,
      processorCode: '000',
      processorMsg: 'Approval',
      cardToken: '9375158583121003',
      expiry: '1224',
      orderId: 'TEST01',
      merchantId: '496590513883',
      emvTags: { 'Network Label': 'AMEX', 'Entry method': 'Chip Read', AID: 'A000000025010402' },
      receiptData: { dba: 'MM-RPCT with Surcharge', dateTime: '20240924142248' },
    });
  });

  it('reads LCD prompts and names an answer without its JSON', () => {
    expect(readLcdPrompt('{"LCD_Code":13,"LCD_Msg":"INSERT CARD"}')).toEqual({ code: 13, message: 'INSERT CARD' });
    expect(readLcdPrompt('DPT finished')).toBeNull();
    expect(() => readDptAnswer('accepted', '01F402FE', 'DPT finished')).toThrow(/carries no JSON object/);
  });
});

describe('response codes', () => {
  it('splits general and detail codes and names the general one', () => {
    expect(readResponseCode('01F402FE')).toEqual({ general: 500, detail: 0x02fe, description: 'Payment accepted' });
    expect(readResponseCode('01A40000')?.description).toBe('Payment cannot be canceled');
    expect(readResponseCode('1')).toBeNull();
    expect(responseCodeText(0x01fb)).toBe('01FB0000');
  });
});
