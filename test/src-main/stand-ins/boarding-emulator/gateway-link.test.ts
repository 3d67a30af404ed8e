import { noWaitClock } from '../../../support/no-wait-clock';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayHooks } from '../../../../src-main/stand-ins/boarding-emulator/gateway-link';
import {
  startBoardingEmulator,
  type RunningBoardingEmulator,
} from '../../../../src-main/stand-ins/boarding-emulator/server';
import { createBoardingClient, type BoardingClient } from '../../../../src-main/backoffice/boarding/client';
import type { BillingPlanRequest } from '../../../../src-main/reference/boarding-wire';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { createGatewayClient, type GatewayClient } from '../../../../src-main/lane/gateway/client';
import { frontEndMidOf, handClock, moveBoardingClock as moveClock, signedApplication } from '../../../support/boarding';
import { emulatorAdmin } from '../../../support/emulator-admin';

// Both emulators in this process, linked only by the hooks, each reached over real HTTP by the
// lane's own clients: the boarding client boards, the gateway client sells under the new merchid.

interface Linked {
  readonly gateway: RunningEmulator;
  readonly boarding: RunningBoardingEmulator;
  readonly boardingClient: BoardingClient;
  readonly gatewayClient: GatewayClient;
}

let linked: Linked | undefined;
afterEach(async () => {
  await linked?.boarding.close();
  await linked?.gateway.close();
  linked = undefined;
});

const second = 1000;
const day = 24 * 60 * 60 * second;
/** The gateway merchant id the boarding emulator hands out first. */
const firstFrontEndMid = '49600000001';

async function startLinked(prepare: (gateway: RunningEmulator) => void = () => undefined): Promise<Linked> {
  const clock = handClock();
  const gateway = await startEmulator({ clock, realism: false, rateLimit: false });
  prepare(gateway);
  const boarding = await startBoardingEmulator({ clock, tickMs: 0, hooks: gatewayHooks(gateway.boarding) });
  const { username, password, clientId, clientSecret } = boarding.credentials;
  const boardingClient = createBoardingClient({
    apiUrl: boarding.url,
    credentials: { username, password, clientId, clientSecret },
    clock,
  });
  const gatewayClient = createGatewayClient({
    baseUrl: gateway.url,
    credentials: { level: 'site', username: 'testing', password: 'testing123' },
    clock: noWaitClock,
  });
  return (linked = { gateway, boarding, boardingClient, gatewayClient });
}

/** The boarding emulator's clock control, over HTTP. */
const moveBoardingClock = (current: Linked, advanceMs: number) =>
  moveClock(current.boarding.url, current.boarding.credentials, advanceMs);

/** Moves the boarding clock in 5 s steps until the gateway status is BOARDED; returns the front end MID. */
async function boardedMid(current: Linked, merchantId: string): Promise<string> {
  const client = current.boardingClient;
  for (let step = 0; step < 20; step++) {
    const status = await client.merchants.status(merchantId);
    if (status.gatewayBoardingStatusCd === 'BOARDED') break;
    await moveBoardingClock(current, 5 * second);
  }
  expect(await client.merchants.status(merchantId)).toMatchObject({ gatewayBoardingStatusCd: 'BOARDED' });
  return (await frontEndMidOf(client, merchantId))!;
}

const sale = (merchid: string, orderid: string) => ({
  merchid,
  amount: 2500,
  account: '4788250000121443',
  expiry: '1228',
  capture: true,
  orderid,
});

describe('a merchant boarded on the boarding emulator reaches the gateway emulator', () => {
  it('refuses the merchid as an invalid merchant until BOARDED, then approves and settles its sales', async () => {
    const current = await startLinked();
    const merchantId = await signedApplication(current.boardingClient, 'Linked Deli');
    // Underwriting is still running: nobody has this merchant id at the gateway yet.
    await moveBoardingClock(current, 5 * second);
    expect((await current.boardingClient.merchants.status(merchantId)).boardingProcessStatusCd).toBe('UNDER');
    const early = await current.gatewayClient.auth(sale(firstFrontEndMid, 'early-1'));
    expect(early).toMatchObject({ outcome: 'declined', respcode: '21', respproc: 'PPS', resptext: 'Invalid merchant' });
    expect(await current.gatewayClient.inquireMerchant({ merchid: firstFrontEndMid })).toMatchObject({
      message: 'Invalid merchant',
    });

    const merchid = await boardedMid(current, merchantId);
    expect(merchid).toBe(firstFrontEndMid);
    expect(await current.gatewayClient.inquireMerchant({ merchid })).toMatchObject({
      merchid,
      site: 'fts',
      cardproc: 'RPCT',
      enabled: true,
    });
    const approved = await current.gatewayClient.auth(sale(merchid, 'linked-1'));
    expect(approved).toMatchObject({ outcome: 'approved', respcode: '000', merchid });
    // The guides' decline cards answer for the new merchant as for any other.
    const declined = await current.gatewayClient.auth({ ...sale(merchid, 'linked-2'), account: '4387751111111038' });
    expect(declined).toMatchObject({ outcome: 'declined', respcode: '100', resptext: 'Do not honor' });

    await emulatorAdmin(current.gateway.url).settle();
    const batches = await current.gatewayClient.settlementStatus({ merchid });
    expect(batches).toHaveLength(1);
    expect(batches[0]!.txns.map((txn) => [txn.retref, txn.setlamount])).toEqual([[approved.retref, 2500]]);
  });

  it('never hands out a merchant id the gateway already serves', async () => {
    const current = await startLinked((gateway) =>
      gateway.boarding.acceptMerchant({ merchid: firstFrontEndMid, dba: 'Boarded Earlier' }),
    );
    const merchid = await boardedMid(current, await signedApplication(current.boardingClient, 'Second Shop'));
    expect(merchid).not.toBe(firstFrontEndMid);
    expect(await current.gatewayClient.auth(sale(merchid, 'second-1'))).toMatchObject({ outcome: 'approved' });
  });

  it('keeps a declined application away from the gateway', async () => {
    const current = await startLinked();
    const merchantId = await signedApplication(current.boardingClient, 'Decline Diner');
    await moveBoardingClock(current, 120 * second);
    expect(await current.boardingClient.merchants.status(merchantId)).toMatchObject({
      boardingProcessStatusCd: 'DECLINED',
      gatewayBoardingStatusCd: 'NOT_BOARDED',
    });
    expect(current.gateway.context.boardedMerchants.size).toBe(0);
    expect(await current.gatewayClient.auth(sale(firstFrontEndMid, 'declined-app-1'))).toMatchObject({
      outcome: 'declined',
      respcode: '21',
    });
  });
});

/** MMDDYYYY of the day after `ms` (UTC), the plan's start date. */
function nextDay(ms: number): string {
  const date = new Date(ms + day);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${date.getUTCFullYear()}`;
}

function dailyPlan(merchId: string, profileId: string, acctId: string, startDate: string): BillingPlanRequest {
  return {
    merchId,
    profileId,
    acctId,
    amount: 12.99,
    timeSpan: 1,
    every: 1,
    untilCondition: 'N',
    untilNumPayments: 2,
    currencySymbol: '$',
    startDate,
    billingPlanName: 'Daily delivery',
    options: [{ name: 'email_receipt', value: '0' }],
  };
}

describe('billing plans charge the gateway emulator\u2019s stored profiles on the clock', () => {
  it('takes each payment when it falls due: Paid with its retref and in settlement; a declined card is Failed', async () => {
    const current = await startLinked();
    const merchId = await boardedMid(current, await signedApplication(current.boardingClient, 'Plan Bakery'));
    const gateway = current.gatewayClient;
    const profileOf = async (account: string) => {
      const saved = await gateway.saveProfile({ merchid: merchId, account, expiry: '1228', name: 'PAT BUYER' });
      if (!saved.saved) throw new Error(`profile not saved: ${saved.resptext}`);
      return saved.account;
    };
    const good = await profileOf('4788250000121443');
    const bad = await profileOf('4387751111111038');
    const plans = current.boardingClient.billingPlans;
    const startDate = nextDay(current.boarding.now());
    const paying = await plans.create(dailyPlan(merchId, good.profileid, good.acctid, startDate));
    const failing = await plans.create(dailyPlan(merchId, bad.profileid, bad.acctid, startDate));

    // Nothing is due yet: no payment taken, nothing at the gateway for the merchant.
    const before = await plans.get(merchId, paying.billingPlanId);
    expect(before.schedules!.map((entry) => entry.paymentStatus)).toEqual(['Scheduled', 'Scheduled']);
    await emulatorAdmin(current.gateway.url).settle();
    expect(await gateway.settlementStatus({ merchid: merchId })).toEqual([]);

    await moveBoardingClock(current, day);
    const paid = await plans.get(merchId, paying.billingPlanId);
    expect(paid.schedules!.map((entry) => entry.paymentStatus)).toEqual(['Paid', 'Scheduled']);
    const first = paid.schedules![0]!;
    expect(first).toMatchObject({ actualAmount: 12.99, actualPaymentDate: first.scheduledPaymentDate });
    expect(first.retref).toMatch(/^\d+$/);
    expect(await gateway.inquire({ merchid: merchId, retref: first.retref! })).toMatchObject({
      amount: 1299,
      respstat: 'A',
      setlstat: 'Queued for Capture',
    });

    const failed = await plans.get(merchId, failing.billingPlanId);
    const refused = failed.schedules![0]!;
    expect(refused).toMatchObject({ paymentStatus: 'Failed', actualAmount: null });
    expect(refused.retref).toMatch(/^\d+$/);
    expect(await gateway.inquire({ merchid: merchId, retref: refused.retref! })).toMatchObject({
      respstat: 'C',
      resptext: 'Do not honor',
    });

    await emulatorAdmin(current.gateway.url).settle();
    const [batch] = await gateway.settlementStatus({ merchid: merchId });
    expect(batch!.txns.map((txn) => [txn.retref, txn.setlamount])).toEqual([[first.retref, 1299]]);

    // The second and last payment finishes the plan.
    await moveBoardingClock(current, day);
    const finished = await plans.get(merchId, paying.billingPlanId);
    expect(finished.schedules!.map((entry) => entry.paymentStatus)).toEqual(['Paid', 'Paid']);
    expect(finished.planStatus).toBe('F');
    expect(finished.schedules![1]!.retref).not.toBe(first.retref);
  });

  it('marks a payment Failed when the plan names a profile the gateway does not hold', async () => {
    const current = await startLinked();
    const merchId = await boardedMid(current, await signedApplication(current.boardingClient, 'Ghost Profiles'));
    const plans = current.boardingClient.billingPlans;
    const plan = await plans.create(dailyPlan(merchId, '12345678901234567890', '1', nextDay(current.boarding.now())));
    await moveBoardingClock(current, day);
    const after = await plans.get(merchId, plan.billingPlanId);
    expect(after.schedules![0]).toMatchObject({ paymentStatus: 'Failed', retref: null, actualAmount: null });
    expect(after.schedules![1]!.paymentStatus).toBe('Scheduled');
  });
});
