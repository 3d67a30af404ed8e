import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupLists, type LookupList } from '../../../../src-main/reference/boarding-wire';
import { boardingReferenceMissing, loadBoardingReference, withoutNulls } from '../../../support/boarding-reference';
import {
  minimalMerchant,
  sampleOrder,
  signAsOwner,
  startBoardingPair,
  type BoardingPair,
} from '../../../support/boarding';

const missing = boardingReferenceMissing();
if (missing && process.env.CI) throw new Error(`boarding conformance cannot run in CI: ${missing}`);

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
}

describe.skipIf(Boolean(missing))('the boarding emulator\u2019s answers against boarding-openapi.yaml', () => {
  const seen: Seen[] = [];
  let pair: BoardingPair;
  beforeAll(async () => {
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(String(input));
      seen.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        status: response.status,
        body: await response.clone().json(),
      });
      return response;
    };
    pair = await startBoardingPair({}, { fetch: recording });
    const { client, clock } = pair;
    const merchantId = await client.merchants.create(999, minimalMerchant());
    await client.merchants.get(merchantId);
    await client.customFields.update(merchantId, [{ userFieldNumber: 1, customFieldValue: '12' }]);
    await client.customFields.get(merchantId);
    await client.ownerSiteUser.get(merchantId);
    await client.ownerSiteUser.update(merchantId, { firstName: 'A', lastName: 'B', email: 'a@example.com' });
    await client.signature.request(merchantId);
    await client.signature.retract(merchantId);
    await signAsOwner(await client.signature.request(merchantId));
    clock.advance(60_000);
    await client.merchants.status(merchantId);
    await client.signature.status(merchantId);
    await client.equipment.catalog({ salesCode: 'LPTRAIN', pageSize: 3 });
    const orderId = await client.orders.create(sampleOrder(merchantId));
    await client.orders.update(orderId, sampleOrder(merchantId, { quantity: 1 }));
    await client.orders.get(orderId);
    await client.orders.list(merchantId);
    await client.orders.cancel(orderId);
    for (const list of Object.keys(lookupLists) as LookupList[]) await client.lookup(list);
  });
  afterAll(() => pair.emulator.close());

  it('answers every documented operation with a body its 200 schema accepts', () => {
    const reference = loadBoardingReference();
    const answered = seen.filter((call) => call.status === 200 && reference.operation(call.method, call.path));
    expect(
      new Set(answered.map((call) => reference.operation(call.method, call.path)!.template)).size,
    ).toBeGreaterThanOrEqual(34);
    for (const call of answered)
      expect(
        reference.checkResponse(call.method, call.path, 200, withoutNulls(call.body)),
        `${call.method} ${call.path}`,
      ).toEqual([]);
  });

  it('answers the token in the reference\u2019s token shape', () => {
    const token = seen.find((call) => call.path.endsWith('/token'));
    expect(token).toBeDefined();
    expect(loadBoardingReference().checkComponent('tokenResponse', token!.body)).toEqual([]);
  });
});
