import * as asn1js from 'asn1js';
import { WalletTokenError } from './payment-token';

/**
 * The lane's early age check on an EC_v1 payload: the signing time its signature carries, read
 * without verifying anything. Verifying is the tokenizer's work; the lane only avoids sending a
 * payload the tokenizer would refuse as expired, which would use it up for nothing.
 */

/** How long a payload lives from its retrieval and its signing: two minutes (the wallet spec, Limits). */
export const signatureMaxAgeMs = 2 * 60 * 1000;

/** PKCS #9 signingTime, a signed attribute of the CMS SignerInfo. */
const signingTimeOid = '1.2.840.113549.1.9.5';

type Block = asn1js.AsnType & { idBlock: { tagClass: number; tagNumber: number }; valueBlock: { value?: unknown } };
const children = (block: Block | undefined): Block[] =>
  Array.isArray(block?.valueBlock.value) ? (block.valueBlock.value as Block[]) : [];
const isContext0 = (block: Block) => block.idBlock.tagClass === 3 && block.idBlock.tagNumber === 0;

/**
 * The signing time of a detached CMS SignedData (base64). It walks ContentInfo > [0] SignedData >
 * signerInfos[0] > [0] signedAttrs with asn1js alone: building a full SignedData would also
 * rebuild every certificate, ten times the work for one date. Throws WalletTokenError naming
 * `signature` when there is no such structure or no signing time in it.
 */
export function signingTimeOf(signature: string): Date {
  const parsed = asn1js.fromBER(Buffer.from(signature, 'base64'));
  const signedData = children(children(parsed.result as Block).find(isContext0))[0];
  const signerInfo = children(children(signedData).at(-1))[0];
  if (!signerInfo) throw new WalletTokenError('signature', 'is not a CMS SignedData');
  for (const attributeBlock of children(children(signerInfo).find(isContext0))) {
    const [type, values] = children(attributeBlock);
    if ((type as asn1js.ObjectIdentifier | undefined)?.valueBlock.toString() !== signingTimeOid) continue;
    const time = children(values)[0] as (asn1js.UTCTime | asn1js.GeneralizedTime) | undefined;
    if (time && typeof time.toDate === 'function') return time.toDate();
  }
  throw new WalletTokenError('signature', 'carries no signing time');
}
