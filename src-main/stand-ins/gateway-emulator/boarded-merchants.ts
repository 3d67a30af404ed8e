import type { ChargeResult, DuePayment } from '../boarding-emulator/boarding-store';
import type { BoardedMerchant } from '../boarding-emulator/gateway-link';
import { emulatedMerchantSchema, type EmulatedMerchant } from './config';
import { authorize } from './authorize';
import { decimal, reachableBySite, type EmulatorContext } from './emulator-context';
import { settleIfDue } from './settlement';

/**
 * Starts serving a boarded merchant: on the emulator's site, on RPCT (the training merchant's
 * platform, so the guides' test cards and amount-driven codes answer), with the site credentials.
 * Boarding the same merchid again changes nothing; a configured merchid is refused, because the
 * boarding service never hands out an id that is already in use.
 */
export function acceptBoardedMerchant(context: EmulatorContext, merchant: BoardedMerchant): EmulatedMerchant {
  if (!/^\d{1,16}$/.test(merchant.merchid))
    throw new Error(`A boarded merchant's merchid must be 1 to 16 digits, not "${merchant.merchid.slice(0, 20)}"`);
  if (context.config.merchants.some((configured) => configured.merchid === merchant.merchid))
    throw new Error(`merchid ${merchant.merchid} is one of the emulator's configured merchants`);
  const known = context.boardedMerchants.get(merchant.merchid);
  if (known) return known;
  const accepted = emulatedMerchantSchema.parse({
    merchid: merchant.merchid,
    site: context.config.site,
    platform: 'RPCT',
    receipt: { dba: merchant.dba.slice(0, 40) },
  });
  context.boardedMerchants.set(accepted.merchid, accepted);
  return accepted;
}

const profileidPattern = /^\d{20}$/;
const acctidPattern = /^\d{1,3}$/;

/**
 * Charges a plan's due payment to its stored profile account as a recurring payment: the
 * authorization endpoint's own path (ecomind R, stored credential scheduled by the merchant,
 * captured), so the test cards answer as they do for a lane and an approval joins the merchant's
 * open batch for settlement. The order id names the plan and the payment, for inquireByOrderid.
 * A merchid the emulator does not serve is the gateway's PPS 21 "Invalid merchant".
 */
export function chargeStoredProfile(context: EmulatorContext, payment: DuePayment): ChargeResult {
  if (!profileidPattern.test(payment.profileId)) throw new Error('profileId must be 20 digits');
  if (!acctidPattern.test(payment.acctId)) throw new Error('acctId must be 1 to 3 digits');
  if (!Number.isInteger(payment.amountMinor) || payment.amountMinor <= 0)
    throw new Error(`amountMinor must be a whole number of minor units above 0, not ${payment.amountMinor}`);
  settleIfDue(context);
  const answer = authorize(
    context,
    {
      merchid: payment.merchId,
      profile: `${payment.profileId}/${payment.acctId}`,
      amount: decimal(payment.amountMinor),
      currency: 'USD',
      capture: 'y',
      ecomind: 'R',
      cof: 'M',
      cofscheduled: 'Y',
      orderid: `BP${payment.billingPlanId}-${payment.billingPlanScheduleId}`,
    },
    (merchid) => reachableBySite(context, merchid),
  );
  const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as Record<string, unknown>;
  const retref = typeof body.retref === 'string' && body.retref !== '' ? body.retref : undefined;
  if (answer.status === 200 && body.respstat === 'A' && retref) return { approved: true, retref };
  return { approved: false, retref, resptext: String(body.resptext ?? body.message ?? 'Refused') };
}
