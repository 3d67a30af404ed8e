import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBoardingClient } from '../../../../src-main/backoffice/boarding/client';
import { LaneError } from '../../../../src-main/lane/errors';
import type { TrainingGateway } from '../../../../src-main/lane/core/training-kit';
import { createTrainingGateway } from '../../../../src-main/shells/training/lane-training-gateway';
import { closedAfterEach } from '../../../support/closed-after-each';
import { frontEndMidOf, moveBoardingClock, signedApplication } from '../../../support/boarding';

// Training's boarding service beside its built-in gateway: a merchant boarded there sells
// through the training gateway the lane uses, over real HTTP on both sides.
const keep = closedAfterEach<TrainingGateway>();

describe('training\u2019s boarding service', () => {
  it('boards a merchant that then sells through the training gateway', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'training-boarding-'));
    const training = keep(createTrainingGateway(join(dir, 'training-gateway.sqlite')));
    const service = await training.boarding();
    expect((await training.boarding()).url).toBe(service.url);
    const { username, password, clientId, clientSecret } = service.credentials;
    const boarding = createBoardingClient({
      apiUrl: service.url,
      credentials: { username, password, clientId, clientSecret },
    });
    const merchantId = await signedApplication(boarding, 'Training Tavern');
    await moveBoardingClock(service.url, service.credentials, 40_000);
    const merchid = (await frontEndMidOf(boarding, merchantId))!;
    expect(merchid).toMatch(/^\d{11}$/);

    const { client } = await training.access(merchid);
    expect(
      await client.auth({ merchid, amount: 1800, account: '4788250000121443', expiry: '1228', capture: true }),
    ).toMatchObject({ outcome: 'approved', merchid });
    expect(await training.settleBatches()).toBeGreaterThanOrEqual(1);
    expect((await client.settlementStatus({ merchid }))[0]!.txns).toHaveLength(1);
  });

  it('is refused, naming the setting, when training uses a gateway outside the lane', async () => {
    const training = keep(createTrainingGateway(undefined, 'http://127.0.0.1:9/rest'));
    const refused = await training.boarding().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LaneError);
    expect((refused as LaneError).message).toContain('setting gateway.url');
  });
});
