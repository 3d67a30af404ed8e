import { decodeCvmResults, networkForAid, type CardNetwork } from '../../../drivers/card-reader/emv';
import { tagHex, tagText } from '../../../drivers/card-reader/emv-record';
import type { TlvNode } from '../../../drivers/card-reader/tlv';

/**
 * The gateway's emvTagData: a JSON object serialized into a string (FACTS.md), built from the
 * EMV data the reader sent in `track`, with the signature requirement adjusted by network and
 * amount (the spec's "Signature requirement adjustment").
 */

const networkLabels: Partial<Record<CardNetwork, string>> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  amex: 'AMEX',
  discover: 'DISCOVER',
  diners: 'DINERS',
  jcb: 'JCB',
  unionpay: 'UNIONPAY',
  interac: 'INTERAC',
};

/**
 * The gateway's signature requirement adjustment, as the emulator reads the spec (group 1, Visa:
 * 25.00; group 2, Mastercard, Discover, American Express: 50.00), kept apart from the lane's own
 * rule so that a wrong threshold in the lane cannot pass here.
 */
const signatureThresholdMinor: Readonly<Partial<Record<CardNetwork, number>>> = {
  visa: 2500,
  mastercard: 5000,
  discover: 5000,
  amex: 5000,
};

/** Whether a signature is required once the CVM asked for one: at or above the network's threshold; any amount where none is documented. */
export function signatureRequired(network: CardNetwork, amountMinor: number): boolean {
  const threshold = signatureThresholdMinor[network];
  return threshold === undefined || amountMinor >= threshold;
}

export interface EmvTagInput {
  /** The EMV data objects of a chip or contactless read; absent for a swipe or keyed card. */
  readonly nodes?: readonly TlvNode[];
  readonly contactless?: boolean;
  /** The card's network by its number, for non-EMV cards. */
  readonly network: CardNetwork;
  readonly amountMinor: number;
  readonly approved: boolean;
  /** Non-EMV only: how the card was entered. */
  readonly keyed?: boolean;
}

/** The emvTagData string for one authorization. Keys in the order the gateway's example uses. */
export function emvTagData(input: EmvTagInput): string {
  const { nodes } = input;
  if (!nodes) {
    // RPCT also answers non-EMV transactions: no chip data, so the CVM is unknown.
    const data: Record<string, string> = {
      PIN: 'None',
      Signature: 'unknown',
      Mode: 'Issuer',
      ...(networkLabels[input.network] && { 'Network Label': networkLabels[input.network] }),
      ...(input.keyed && { 'Entry method': 'Manual' }),
    };
    return JSON.stringify(data);
  }
  const aid = tagHex(nodes, '9F06') ?? tagHex(nodes, '4F') ?? tagHex(nodes, '84');
  const network = aid ? networkForAid(aid) : input.network;
  const cvmHex = tagHex(nodes, '9F34');
  let pin = 'None';
  let signature = 'unknown';
  if (cvmHex) {
    try {
      const cvm = decodeCvmResults(cvmHex);
      if (cvm.pinVerified) pin = 'Verified by PIN';
      signature = cvm.signature ? String(signatureRequired(network, input.amountMinor)) : 'false';
    } catch {
      signature = 'unknown';
    }
  }
  const data: Record<string, string> = {};
  const put = (key: string, value: string | undefined) => {
    if (value !== undefined) data[key] = value;
  };
  put('TVR', tagHex(nodes, '95'));
  data.PIN = pin;
  data.Signature = signature;
  data.Mode = 'Issuer';
  // The issuer's answer: 00 approved, 05 not.
  data.ARC = input.approved ? '00' : '05';
  put('Network Label', networkLabels[network]);
  put('TSI', tagHex(nodes, '9B'));
  put('AID', aid);
  put('IAD', tagHex(nodes, '9F10'));
  data['Entry method'] = input.contactless ? 'Contactless Chip' : 'Chip Read';
  put('Application Label', tagText(nodes, '50') ?? undefined);
  if (input.contactless) put('Application Preferred Name', tagText(nodes, '9F12') ?? undefined);
  return JSON.stringify(data);
}
