import { describe, expect, it } from 'vitest';
import type { CardRead } from '../../../../drivers/card-reader/types';
import { decodeCvmResults } from '../../../../drivers/card-reader/emv';
import { takeSignature, type SignatureStep } from '../../../../src-main/lane/payment/signature/signature-step';
import { journalLanes } from '../../../support/journal-lane';
import { settableLink } from '../offline/offline-lane';

const lanes = journalLanes('offline-signature-step-');

/** A Visa chip read whose PIN was left to the issuer to verify online (9F34 02 03 00). */
const onlinePinCard = {
  network: 'visa',
  entryMode: 'chip',
  maskedPan: '478825******1443',
  cvm: decodeCvmResults('020300'),
} as unknown as CardRead;

async function signatureAsked(link: ReturnType<typeof settableLink>, amountMinor: number) {
  const lane = await lanes();
  let asked = 0;
  const signed: SignatureStep = { kind: 'skipped', by: '1001' };
  const step = await takeSignature(
    {
      journal: lane.journal,
      policy: 'network-rules',
      captureSignature: async () => (asked++, signed),
      offline: { link },
    },
    {
      card: onlinePinCard,
      amountMinor,
      tender: 'sale',
      signal: new AbortController().signal,
      onPhase: () => undefined,
    },
  );
  return { required: step.required, asked };
}

describe('the signature step of a sale the lane will store offline (ADR 078)', () => {
  it('asks an online-PIN chip card for a signature above the threshold while the link is offline, before anything is stored', async () => {
    expect(await signatureAsked(settableLink('offline'), 3000)).toEqual({ required: true, asked: 1 });
  });

  it('asks nothing of the same card online (the issuer verifies the PIN), nor offline under the threshold', async () => {
    expect(await signatureAsked(settableLink('online'), 3000)).toEqual({ required: false, asked: 0 });
    expect(await signatureAsked(settableLink('offline'), 2000)).toEqual({ required: false, asked: 0 });
  });
});
