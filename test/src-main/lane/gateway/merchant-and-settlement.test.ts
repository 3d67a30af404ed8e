import { noWaitClock } from '../../../support/no-wait-clock';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { AuthenticationError, ProtocolError, ValidationError } from '../../../../src-main/lane/gateway/errors';
import { settlementPath } from '../../../../src-main/lane/gateway/settlement';
import { settlementBatch } from '../../../support/gateway-answers';
import { scriptedGateway, type Step } from '../../../support/scripted-gateway';

const merchid = '496160873888';
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function client(script: Record<string, Step[]>, level: 'site' | 'merchant' = 'site') {
  const gateway = await scriptedGateway(script);
  close = gateway.close;
  const gatewayClient = createGatewayClient({
    baseUrl: gateway.baseUrl,
    credentials: { level, username: 'testing', password: 'testing123' },
    clock: noWaitClock,
  });
  return { gatewayClient, seen: gateway.seen };
}

describe('credentialTest', () => {
  it('site level: GET on the root', async () => {
    const { gatewayClient, seen } = await client({ '/rest/': [{ answer: 'Gateway REST service is up' }] });
    await expect(gatewayClient.credentialTest()).resolves.toEqual({ message: 'Gateway REST service is up' });
    expect(seen).toEqual([{ method: 'GET', url: '/rest/', body: undefined }]);
  });

  it('merchant level: PUT on the root with the merchant id', async () => {
    const { gatewayClient, seen } = await client({ '/rest/': [{ answer: 'Gateway REST service is up' }] }, 'merchant');
    await gatewayClient.credentialTest({ merchid });
    expect(seen).toEqual([{ method: 'PUT', url: '/rest/', body: { merchid } }]);
  });

  it('merchant level needs the merchant id', async () => {
    const { gatewayClient, seen } = await client({}, 'merchant');
    await expect(gatewayClient.credentialTest()).rejects.toThrow(ValidationError);
    expect(seen).toHaveLength(0);
  });

  it('wrong credentials: AuthenticationError', async () => {
    const { gatewayClient } = await client({ '/rest/': [{ status: 401, answer: 'Unauthorized' }] });
    await expect(gatewayClient.credentialTest()).rejects.toThrow(AuthenticationError);
  });
});

describe('inquireMerchant', () => {
  it.each<[unknown, object]>([
    [
      { site: 'fts', cardproc: 'RPCT', enabled: true, merchid },
      { status: 'boarded', site: 'fts', cardproc: 'RPCT', enabled: true, merchid },
    ],
    [
      { site: 'fts', cardproc: 'FNOR', enabled: 'false', merchid, extra: 1 },
      { status: 'boarded', enabled: false },
    ],
    // The OpenAPI's inquireMerchantSuccess: avs, cvv, echeck, acctupdater as Y/N; booleans read the same.
    [
      { merchid, site: 'fts', enabled: true, avs: 'Y', cvv: 'N', echeck: true, acctupdater: 'false' },
      { status: 'boarded', avs: true, cvv: false, echeck: true, acctupdater: false },
    ],
    [{ message: 'contact support - merchant not on site' }, { status: 'not-on-site' }],
    [{ message: 'Invalid merchant' }, { status: 'invalid' }],
    [{ message: 'Something new' }, { status: 'other', message: 'Something new' }],
  ])('reads %j', async (answer, expected) => {
    const { gatewayClient, seen } = await client({ inquireMerchant: [{ answer }] });
    await expect(gatewayClient.inquireMerchant({ merchid })).resolves.toMatchObject(expected);
    expect(seen[0]?.url).toBe(`/rest/inquireMerchant/${merchid}`);
  });

  it("refuses a merchant id longer than the reference's 16 characters before sending", async () => {
    const { gatewayClient, seen } = await client({});
    await expect(gatewayClient.inquireMerchant({ merchid: '1'.repeat(17) })).rejects.toMatchObject({
      field: 'merchid',
    });
    expect(seen).toHaveLength(0);
  });

  // The reference's merchid is a string of up to 16, not always digits; whatever it holds stays
  // one path segment, so no merchant id can reach another endpoint.
  it.each([
    ['MID-LANEPOINT-01', 'MID-LANEPOINT-01'],
    ['../auth', '..%2Fauth'],
  ])('asks about merchant id %s as one path segment', async (id, segment) => {
    const { gatewayClient, seen } = await client({
      inquireMerchant: [{ answer: { merchid: id, site: 'fts', enabled: true } }],
    });
    await expect(gatewayClient.inquireMerchant({ merchid: id })).resolves.toMatchObject({ status: 'boarded' });
    expect(seen[0]?.url).toBe(`/rest/inquireMerchant/${segment}`);
  });
});

describe('settlementStatus', () => {
  it('reads batches by date, amounts in minor units, unknown codes kept', async () => {
    const { gatewayClient, seen } = await client({ settlestat: [{ answer: [settlementBatch] }] });
    const batches = await gatewayClient.settlementStatus({ merchid, date: '1122' });
    expect(batches).toEqual([
      {
        ...settlementBatch,
        txns: [
          { ...settlementBatch.txns[0], setlamount: 1234 },
          { ...settlementBatch.txns[1], setlamount: 500 },
        ],
      },
    ]);
    expect(seen[0]?.url).toBe(`/rest/settlestat?merchid=${merchid}&date=1122`);
  });

  it('turns "Null Batches" into an empty list', async () => {
    const { gatewayClient } = await client({ settlestat: [{ answer: 'Null Batches' }] });
    await expect(gatewayClient.settlementStatus({ merchid })).resolves.toEqual([]);
  });

  it('calls a garbled answer a ProtocolError', async () => {
    const { gatewayClient } = await client({ settlestat: [{ answer: 42 }] });
    await expect(gatewayClient.settlementStatus({ merchid })).rejects.toThrow(ProtocolError);
  });

  it.each<[object, string | null]>([
    [{ merchid }, `settlestat?merchid=${merchid}`],
    [{ merchid, batchid: '1900941444' }, `settlestat?merchid=${merchid}&batchid=1900941444`],
    [{ merchid, date: '1322' }, null],
    [{ merchid, date: '11-22' }, null],
    [{ merchid, date: '1122', batchid: '1' }, null],
    [{ merchid: '' }, null],
    [{ merchid: 'MID-LANEPOINT-01' }, 'settlestat?merchid=MID-LANEPOINT-01'],
    [{ merchid: 'M'.repeat(17) }, null],
  ])('builds the query for %j', (query, path) => {
    if (path) expect(settlementPath(query as never)).toBe(path);
    else expect(() => settlementPath(query as never)).toThrow(ValidationError);
  });
});
