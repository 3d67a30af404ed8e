import { noWaitClock } from '../../support/no-wait-clock';
import { describe, expect, it } from 'vitest';
import { startTrainingBackends } from '../../../src-main/shells/training/backoffice-training';
import type { TrainingBackends } from '../../../src-main/backoffice/backoffice';
import { createBoardingClient } from '../../../src-main/backoffice/boarding/client';
import { createGatewayClient } from '../../../src-main/lane/gateway/client';
import { closedAfterEach } from '../../support/closed-after-each';
import { frontEndMidOf, handClock, signedApplication } from '../../support/boarding';

// The back office's training back ends are the two emulators linked: a merchant boarded on the
// one is sold under on the other, which is what a lane provisioned in training relies on.

const keep = closedAfterEach<TrainingBackends>();

describe("the back office's training back ends", () => {
  it('make a merchant that reaches BOARDED sellable on the gateway emulator the lanes are given', async () => {
    const clock = handClock();
    const backends = keep(await startTrainingBackends({ clock, tickMs: 0 }));
    const boarding = createBoardingClient({ apiUrl: backends.boardingUrl, credentials: backends.credentials, clock });
    const gateway = createGatewayClient({
      baseUrl: backends.gatewayUrl,
      credentials: { level: 'site', username: 'testing', password: 'testing123' },
      clock: noWaitClock,
    });
    const merchantId = await signedApplication(boarding, 'Training Deli');
    for (let step = 0; step < 20; step++) {
      if ((await boarding.merchants.status(merchantId)).gatewayBoardingStatusCd === 'BOARDED') break;
      await backends.advance(5000);
    }
    const merchid = await frontEndMidOf(boarding, merchantId);
    expect(merchid).toMatch(/^\d{11}$/);
    const sale = { merchid: merchid!, amount: 1200, account: '4788250000121443', expiry: '1228', capture: true };
    expect(await gateway.auth({ ...sale, orderid: 'TRAINING-DELI-1' })).toMatchObject({
      outcome: 'approved',
      merchid,
    });
  });
});
