import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  BoardingApiError,
  BoardingRuleError,
  BoardingValidationError,
} from '../../../../src-main/backoffice/boarding/errors';
import { wholeUpdate } from '../../../../src-main/backoffice/boarding/whole-objects';
import { createLogger } from '../../../../src-main/platform/log/logger';
import { minimalMerchant, signAsOwner } from '../../../support/boarding';
import { boardingPairPerTest } from '../../../support/boarding-pair-per-test';

const startPair = boardingPairPerTest();

const second = 1000;

describe('merchants against the boarding emulator', () => {
  it('creates from a template, reads the merchant back and its status INPROG, NOT_BOARDED', async () => {
    const pair = await startPair();
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    const record = await pair.client.merchants.get(merchantId);
    expect(record.merchant.dbaName).toBe('The Card Shoppe');
    expect(record.ownerSiteUser).toEqual({ firstName: 'Forename', lastName: 'Surname', email: 'owner@example.com' });
    expect(await pair.client.merchants.status(merchantId)).toMatchObject({
      boardingProcessStatusCd: 'INPROG',
      gatewayBoardingStatusCd: 'NOT_BOARDED',
    });
  });

  it('reads the service\u2019s errors array into an error naming the field (unknown template, unknown sales code)', async () => {
    const pair = await startPair();
    const badTemplate = await pair.client.merchants.create(12345, minimalMerchant()).catch((error: unknown) => error);
    expect(badTemplate).toBeInstanceOf(BoardingApiError);
    expect((badTemplate as BoardingApiError).field).toBe('templateId');
    expect((badTemplate as BoardingApiError).status).toBe(400);
    const badSales = await pair.client.merchants
      .create(999, { ...minimalMerchant(), salesCode: 'NOPE' })
      .catch((error: unknown) => error);
    expect((badSales as BoardingApiError).errors[0]).toMatchObject({
      errorField: 'merchant.salesCode',
      status: 'BAD_REQUEST',
    });
  });

  it('refuses before sending a field over its size or in the wrong format, naming it', async () => {
    const pair = await startPair();
    await expect(
      pair.client.merchants.create(999, { ...minimalMerchant(), dbaName: 'x'.repeat(101) }),
    ).rejects.toMatchObject({ field: 'merchant.dbaName', code: 'validation' });
    const phone = minimalMerchant();
    (phone.demographic as Record<string, unknown>).businessPhone = '5551234567';
    await expect(pair.client.merchants.create(999, phone)).rejects.toMatchObject({
      field: 'merchant.demographic.businessPhone',
    });
    await expect(
      pair.client.merchants.create(999, { ...minimalMerchant(), taxFilingMethod: null }),
    ).rejects.toMatchObject({ field: 'merchant.taxFilingMethod' });
    expect(pair.emulator.store.merchants.size).toBe(0);
  });

  it('updates with whole objects, and refuses a sent object that leaves children out', async () => {
    const pair = await startPair();
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    const stored = (await pair.client.merchants.get(merchantId)).merchant;
    const partial = { demographic: { businessAddress: { address1: '9 New Road', city: 'Dillon', zip: '80435' } } };
    const refused = await pair.client.merchants.update(merchantId, partial).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BoardingValidationError);
    expect((refused as BoardingValidationError).field).toBe('merchant.demographic.businessIncorporatedStateCd');
    expect((refused as BoardingValidationError).message).toContain('send it whole');
    expect(pair.emulator.store.merchants.get(merchantId)!.merchant.demographic).toMatchObject({
      mailingAddress: { address1: '123 Fake Street' },
    });
    await pair.client.merchants.update(merchantId, wholeUpdate(stored, partial));
    const after = (await pair.client.merchants.get(merchantId)).merchant;
    expect(after.demographic).toMatchObject({
      businessAddress: { address1: '9 New Road', address2: 'Suite 300', stateCd: 'CO' },
      mailingAddress: { address1: '123 Fake Street' },
    });
  });

  it('refuses an update while OFS before sending, naming the status and the way out', async () => {
    const pair = await startPair();
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    await pair.client.customFields.update(merchantId, [{ userFieldNumber: 1, customFieldValue: '0042' }]);
    await pair.client.signature.request(merchantId);
    const refused = await pair.client.merchants
      .update(merchantId, { dbaName: 'Renamed' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BoardingRuleError);
    expect((refused as BoardingRuleError).message).toContain('OFS');
    expect((refused as BoardingRuleError).message).toContain('retract the signature first');
    expect(pair.emulator.store.merchants.get(merchantId)!.merchant.dbaName).toBe('The Card Shoppe');
  });
});

describe('signature and the timeline on the emulator\u2019s clock', () => {
  it('refuses the signature while a required custom field is empty, naming it', async () => {
    const pair = await startPair();
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    const refused = await pair.client.signature.request(merchantId).catch((error: unknown) => error);
    expect((refused as BoardingApiError).field).toBe('customFields[1]');
    const fields = await pair.client.customFields.get(merchantId);
    expect(fields.map((field) => [field.userFieldNumber, field.isRequired, field.isActive])).toEqual([
      [1, 1, 1],
      [2, 0, 1],
      [3, 1, 0],
    ]);
  });

  it('goes INPROG -> OFS -> INPROG on retract; a retracted link stops working; retract refused unless PENDING', async () => {
    const pair = await startPair();
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    await pair.client.customFields.update(merchantId, [{ userFieldNumber: 1, customFieldValue: '0042' }]);
    const first = await pair.client.signature.request(merchantId);
    expect(await pair.client.signature.status(merchantId)).toMatchObject({
      signatureStatusCd: 'PENDING',
      signatureUrl: first,
    });
    expect((await pair.client.merchants.status(merchantId)).boardingProcessStatusCd).toBe('OFS');
    const again = pair.client.signature.request(merchantId);
    await expect(again).rejects.toBeInstanceOf(BoardingApiError);
    await expect(again).rejects.toMatchObject({
      errors: [
        {
          code: '1201',
          message: 'A signature can be requested only while the status is INPROG; it is OFS.',
          errorField: 'boardingProcessStatusCd',
        },
      ],
    });
    await pair.client.signature.retract(merchantId);
    expect((await pair.client.merchants.status(merchantId)).boardingProcessStatusCd).toBe('INPROG');
    expect((await fetch(first)).status).toBe(404);
    await expect(pair.client.signature.retract(merchantId)).rejects.toBeInstanceOf(BoardingRuleError);
    const second = await pair.client.signature.request(merchantId);
    expect(second).not.toBe(first);
  });

  it('after signing moves QUALIFY -> UNDER -> BOARDING -> BOARDED -> LIVE and assigns the gateway merchant id once', async () => {
    const boarded: Array<{ merchantId: string; frontEndMid: string }> = [];
    const pair = await startPair({ hooks: { onBoarded: (merchant) => boarded.push(merchant) } });
    const { client, clock } = pair;
    const merchantId = await client.merchants.create(999, minimalMerchant());
    await client.customFields.update(merchantId, [{ userFieldNumber: 1, customFieldValue: '0042' }]);
    const link = await client.signature.request(merchantId);
    const signed = await signAsOwner(link, { personalGuarantee: '1' });
    expect(signed.status).toBe(200);
    expect(await client.signature.status(merchantId)).toMatchObject({
      signatureStatusCd: 'SIGNED',
      signer: { firstName: 'Forename', personalGuaranteeFlg: true },
    });
    const seen = [(await client.merchants.status(merchantId)).boardingProcessStatusCd];
    for (let step = 0; step < 12; step++) {
      clock.advance(5 * second);
      const status = (await client.merchants.status(merchantId)).boardingProcessStatusCd;
      if (status !== seen.at(-1)) seen.push(status);
    }
    expect(seen).toEqual(['QUALIFY', 'UNDER', 'BOARDING', 'BOARDED', 'LIVE']);
    const status = await client.merchants.status(merchantId);
    expect(status).toMatchObject({ gatewayBoardingStatusCd: 'BOARDED', boardingProcessPendingFlg: false });
    expect(status.liveDatetime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
    expect(boarded).toHaveLength(1);
    expect(boarded[0]!.merchantId).toBe(merchantId);
    const record = await client.merchants.get(merchantId);
    expect(
      (record.merchant.processing as { platformDetails: { frontEndMid: string } }).platformDetails.frontEndMid,
    ).toBe(boarded[0]!.frontEndMid);
  });

  it('declines in underwriting when configured so (the admin hook), and never boards', async () => {
    const boarded: string[] = [];
    const pair = await startPair({ hooks: { onBoarded: (merchant) => boarded.push(merchant.merchantId) } });
    const { client, clock, emulator } = pair;
    const merchantId = await client.merchants.create(999, minimalMerchant('Corner Store'));
    const secret = emulator.credentials;
    const admin = await fetch(`${emulator.url}/__emulator/underwriting/${merchantId}`, {
      method: 'PUT',
      headers: {
        Authorization: `Basic ${Buffer.from(`${secret.clientId}:${secret.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ outcome: 'decline' }),
    });
    expect(admin.status).toBe(200);
    await client.customFields.update(merchantId, [{ userFieldNumber: 1, customFieldValue: '7' }]);
    await signAsOwner(await client.signature.request(merchantId));
    clock.advance(120 * second);
    const status = await client.merchants.status(merchantId);
    expect(status).toMatchObject({ boardingProcessStatusCd: 'DECLINED', gatewayBoardingStatusCd: 'NOT_BOARDED' });
    expect(status.declinedDatetime).not.toBeNull();
    expect(boarded).toEqual([]);
  });
});

describe('secrets stay out of logs and errors', () => {
  it('logs operations and statuses, never the client secret, the password or a token', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ level: 'debug', destination, format: 'json' });
    const pair = await startPair({ tokens: { accessSeconds: 60 } }, { logger });
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    pair.clock.advance(59 * second);
    await pair.client.merchants.status(merchantId);
    const failure = (await pair.client.merchants.get('999999').catch((error: unknown) => error)) as Error;
    const text = lines.join('') + String(failure) + JSON.stringify(failure);
    expect(lines.length).toBeGreaterThan(2);
    expect(text).toContain('merchant.create');
    // 'bsec' too: the logger would mask the test card number inside the secret, not drop it.
    for (const secret of [pair.emulator.credentials.clientSecret, 'bsec', pair.emulator.credentials.password, 'eyJ'])
      expect(text).not.toContain(secret);
  });
});
