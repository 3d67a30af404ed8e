import type { StoreHooks } from './boarding-store';

/**
 * What the boarding emulator needs of a gateway, declared here so neither emulator imports the
 * other: the gateway emulator's `boarding` entry has this shape (docs/adr/030).
 */
export interface GatewayLink {
  /** Starts serving a boarded merchant. */
  acceptMerchant(merchant: { merchid: string; dba: string }): void;
  /** Whether the gateway already serves this merchant id. */
  knowsMerchant(merchid: string): boolean;
  /** A recurring payment from a stored profile account, amount in minor units. */
  chargeProfile(charge: {
    merchid: string;
    profileid: string;
    acctid: string;
    amountMinor: number;
    orderid: string;
  }): { approved: true; retref: string } | { approved: false; retref: string | undefined; resptext: string };
}

/**
 * The store hooks that connect the boarding emulator to a gateway: BOARDED makes the merchant
 * known there, a payment falling due is charged there, and a new gateway merchant id skips the
 * ones the gateway already serves (its store can outlive the boarding emulator's).
 */
export function gatewayHooks(gateway: GatewayLink): StoreHooks {
  return {
    onBoarded: (merchant) => gateway.acceptMerchant({ merchid: merchant.frontEndMid, dba: merchant.dbaName }),
    merchidTaken: (merchid) => gateway.knowsMerchant(merchid),
    charge: (payment) =>
      gateway.chargeProfile({
        merchid: payment.merchId,
        profileid: payment.profileId,
        acctid: payment.acctId,
        amountMinor: payment.amountMinor,
        // The plan and payment ids make the order id: inquireByOrderid finds each payment's attempts.
        orderid: `BP${payment.billingPlanId}-${payment.billingPlanScheduleId}`,
      }),
  };
}
