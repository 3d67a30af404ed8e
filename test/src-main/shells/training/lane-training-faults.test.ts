import { describe, expect, it } from 'vitest';
import type { TrainingGateway } from '../../../../src-main/lane/core/training-kit';
import { LaneError } from '../../../../src-main/lane/errors';
import { createGatewayLink } from '../../../../src-main/lane/offline/gateway-link';
import { createGatewayProbe } from '../../../../src-main/lane/offline/gateway-probe';
import {
  createTrainingGateway,
  unresolvableGatewayUrl,
} from '../../../../src-main/shells/training/lane-training-gateway';
import { closedAfterEach } from '../../../support/closed-after-each';
import { ManualClock } from '../../../support/manual-clock';
import { until } from '../../../support/until';
import { ok, testCore } from '../../../support/test-core';

// Training's network faults on its built-in gateway, over real sockets and the real resolver:
// what offline store-and-forward is practised on.
const keep = closedAfterEach<TrainingGateway>();

describe('training\u2019s network faults', () => {
  it('a DNS failure: for the time asked the lane\u2019s gateway host does not resolve, then it does again', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
    const training = keep(createTrainingGateway(undefined, undefined, undefined, clock));
    const probe = createGatewayProbe({ baseUrl: training.gatewayUrl, clock });
    const link = createGatewayLink({ probe, clock });
    const builtIn = await training.gatewayUrl();
    expect(builtIn).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/rest$/);
    expect(await probe()).toEqual({ outcome: 'answered' });

    await training.failDns(30);
    expect(await training.gatewayUrl()).toBe(unresolvableGatewayUrl);
    // Every way in sees it: the client the lane gets now points at the host that does not resolve.
    const failed = await probe();
    expect(failed).toMatchObject({ outcome: 'never-left', reason: expect.stringMatching(/ENOTFOUND|EAI_AGAIN/) });
    link.noteNeverLeft('auth: connection failed (ENOTFOUND)');
    await until(() => link.state() === 'offline', 'the link goes offline on the failed lookup');

    clock.advance(30_000);
    expect(await training.gatewayUrl()).toBe(builtIn);
    // The probe every 2 s on the clock finds it back (each poll of the real lookup moves the clock 100 ms).
    const back = clock.now();
    await until(() => {
      clock.advance(100);
      return link.state() === 'online';
    }, 'the link is back once the host resolves');
    expect(clock.now() - back).toBeLessThanOrEqual(10_000);
    link.close();
  });

  it('network down: the built-in gateway refuses connections until the time is up', async () => {
    const clock = new ManualClock();
    const training = keep(createTrainingGateway(undefined, undefined, undefined, clock));
    const probe = createGatewayProbe({ baseUrl: training.gatewayUrl, clock });
    await training.networkDown(60);
    expect(await probe()).toMatchObject({ outcome: 'never-left', reason: expect.stringContaining('ECONNREFUSED') });
  });

  it('the trainer brings the network back: the gateway listens again and its host resolves, before the time is up', async () => {
    const clock = new ManualClock();
    const training = keep(createTrainingGateway(undefined, undefined, undefined, clock));
    const probe = createGatewayProbe({ baseUrl: training.gatewayUrl, clock });
    const builtIn = await training.gatewayUrl();
    await training.networkDown(600);
    await training.failDns(600);
    expect(await probe()).toMatchObject({ outcome: 'never-left' });
    await training.networkBack();
    expect(await training.gatewayUrl()).toBe(builtIn);
    expect(await probe()).toEqual({ outcome: 'answered' });
  });

  it.each([0, 601, Number.NaN])('refuses a fault of %s seconds, naming seconds', async (seconds) => {
    const training = keep(createTrainingGateway(undefined, undefined, undefined, new ManualClock()));
    for (const fault of [training.failDns, training.networkDown]) {
      const refused = await fault(seconds).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(LaneError);
      expect((refused as LaneError).message).toContain('seconds');
    }
  });
});

describe('training\u2019s network faults over the contract', () => {
  it('training.networkDown takes the built-in gateway off the network; training.failDns is checked; a live lane refuses both', async () => {
    const { core } = testCore();
    try {
      expect(ok(await core.dispatch('training.networkDown', { seconds: 30 }))).toEqual({ seconds: 30 });
      // Even its own controls are out of reach now: the gateway refuses every connection.
      expect(await core.dispatch('training.settleBatches', {})).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining('ECONNREFUSED') },
      });
      expect(ok(await core.dispatch('training.failDns', { seconds: 5 }))).toEqual({ seconds: 5 });
      expect(await core.dispatch('training.failDns', { seconds: 0 })).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining('seconds') },
      });
    } finally {
      await core.close();
    }
    const live = testCore({ training: false }).core;
    try {
      for (const name of ['training.networkDown', 'training.failDns'] as const)
        expect(await live.dispatch(name, { seconds: 5 })).toMatchObject({
          ok: false,
          error: { code: 'failed_precondition' },
        });
    } finally {
      await live.close();
    }
  });
});
