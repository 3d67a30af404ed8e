import type { ChargeResult, DuePayment, StoreHooks } from './boarding-store';

/** A merchant the boarding service has boarded: its gateway merchant id and doing-business-as name. */
export interface BoardedMerchant {
  readonly merchid: string;
  readonly dba: string;
}

/**
 * What the boarding emulator needs of a gateway, the one interface between the two emulators
 * (docs/adr/030): the gateway emulator's `RunningEmulator.boarding` implements it, importing
 * these types only; the boarding emulator imports nothing of the gateway emulator.
 */
export interface GatewayLink {
  /** Starts serving a boarded merchant. */
  acceptMerchant(merchant: BoardedMerchant): void;
  /** Whether the gateway already serves this merchant id. */
  knowsMerchant(merchid: string): boolean;
  /** Takes one due payment from the plan's stored profile account. */
  chargeProfile(payment: DuePayment): ChargeResult;
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
    charge: (payment) => gateway.chargeProfile(payment),
  };
}
