import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBoardingClient } from '../../../src-main/boarding/client';
import { LaneError } from '../../../src-main/core/errors';
import { createTrainingGateway, type TrainingGateway } from '../../../src-main/core/training-gateway';
import { minimalMerchant, signAsOwner } from '../../support/boarding';

// Training's boarding service beside its built-in gateway: a merchant boarded there sells
// through the training gateway the lane uses, over real HTTP on both sides.
let training: TrainingGateway | undefined;
afterEach(async () => {
  await training?.close();
  training = undefined;
});

describe('training\u2019s boarding service', () => {
  it('boards a merchant that then sells through the training gateway', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'training-boarding-'));
    training = createTrainingGateway(join(dir, 'training-gateway.sqlite'));
    const service = await training.boarding();
    expect((await training.boarding()).url).toBe(service.url);
    const { username, password, clientId, clientSecret } = service.credentials;
    const boarding = createBoardingClient({
      apiUrl: service.url,
      credentials: { username, password, clientId, clientSecret },
    });
    const merchantId = await boarding.merchants.create(999, minimalMerchant('Training Tavern'));
    await boarding.customFields.update(merchantId, [{ userFieldNumber: 1, customFieldValue: '3' }]);
    expect((await signAsOwner(await boarding.signature.request(merchantId))).status).toBe(200);
    const moved = await fetch(`${service.url}/__emulator/clock`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ advanceMs: 40_000 }),
    });
    expect(moved.status).toBe(200);
    const record = await boarding.merchants.get(merchantId);
    const merchid = (record.merchant.processing as { platformDetails: { frontEndMid: string } }).platformDetails
      .frontEndMid;
    expect(merchid).toMatch(/^\d{11}$/);

    const { client } = await training.access(merchid);
    expect(
      await client.auth({ merchid, amount: 1800, account: '4788250000121443', expiry: '1228', capture: true }),
    ).toMatchObject({ outcome: 'approved', merchid });
    expect(await training.settleBatches()).toBeGreaterThanOrEqual(1);
    expect((await client.settlementStatus({ merchid }))[0]!.txns).toHaveLength(1);
  });

  it('is refused, naming the setting, when training uses a gateway outside the lane', async () => {
    training = createTrainingGateway(undefined, 'http://127.0.0.1:9/rest');
    const refused = await training.boarding().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LaneError);
    expect((refused as LaneError).message).toContain('setting gateway.url');
  });
});
