import { emulatedMerchantSchema, type EmulatedMerchant } from './config';
import { authorize } from './authorize';
import { decimal, reachableBySite, type EmulatorContext } from './emulator-context';
import { settleIfDue } from './settlement';

/** A merchant the boarding service has boarded: its gateway merchant id and doing-business-as name. */
export interface BoardedMerchant {
  readonly merchid: string;
  readonly dba: string;
}

/** One recurring payment to take from a stored profile account. */
export interface ProfileCharge {
  readonly merchid: string;
  readonly profileid: string;
  readonly acctid: string;
  /** Minor units, more than zero. */
  readonly amountMinor: number;
  /** Lets the payment be found by inquireByOrderid, as a lane finds its sales. */
  readonly orderid: string;
}

/** The gateway's answer to a charge: approved with its retref, or declined (retref when it was recorded). */
export type ChargeAnswer =
  | { readonly approved: true; readonly retref: string }
  | {
      readonly approved: false;
      readonly retref: string | undefined;
      readonly respcode: string;
      readonly resptext: string;
    };

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
 * Charges a stored profile account as a recurring payment: the authorization endpoint's own
 * path (ecomind R, stored credential scheduled by the merchant, captured), so the test cards
 * answer as they do for a lane and an approval joins the merchant's open batch for settlement.
 * A merchid the emulator does not serve is the gateway's PPS 21 "Invalid merchant".
 */
export function chargeStoredProfile(context: EmulatorContext, charge: ProfileCharge): ChargeAnswer {
  if (!profileidPattern.test(charge.profileid)) throw new Error('profileid must be 20 digits');
  if (!acctidPattern.test(charge.acctid)) throw new Error('acctid must be 1 to 3 digits');
  if (!Number.isInteger(charge.amountMinor) || charge.amountMinor <= 0)
    throw new Error(`amountMinor must be a whole number of minor units above 0, not ${charge.amountMinor}`);
  settleIfDue(context);
  const answer = authorize(
    context,
    {
      merchid: charge.merchid,
      profile: `${charge.profileid}/${charge.acctid}`,
      amount: decimal(charge.amountMinor),
      currency: 'USD',
      capture: 'y',
      ecomind: 'R',
      cof: 'M',
      cofscheduled: 'Y',
      orderid: charge.orderid,
    },
    (merchid) => reachableBySite(context, merchid),
  );
  const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as Record<string, unknown>;
  const retref = typeof body.retref === 'string' && body.retref !== '' ? body.retref : undefined;
  if (answer.status === 200 && body.respstat === 'A' && retref) return { approved: true, retref };
  return {
    approved: false,
    retref,
    respcode: String(body.respcode ?? answer.status),
    resptext: String(body.resptext ?? body.message ?? 'Refused'),
  };
}
