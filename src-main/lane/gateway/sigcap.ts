import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { readAnswerObject } from './auth-response';
import { ValidationError } from './errors';
import { checkField, requireField } from './field-rules';
import { text } from './wire-schema';

/** A signature added to an approved authorization after the fact. */
export interface SignatureCaptureRequest {
  readonly merchid: string;
  readonly retref: string;
  /** Base64 of the gzipped 1-bit BMP, as `encodeSignature` makes it (at most 6144 characters). */
  readonly signature: string;
}

/** The gzipped payload must open to a BMP of one bit per pixel: anything else the gateway cannot show. */
function checkSignatureImage(signature: string): void {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature) || signature.length % 4 !== 0)
    throw new ValidationError('signature', 'Base64 text');
  let bitmap: Buffer;
  try {
    bitmap = gunzipSync(Buffer.from(signature, 'base64'));
  } catch {
    throw new ValidationError('signature', 'Base64 of a gzipped BMP (this is not gzip)');
  }
  if (bitmap.length < 30 || bitmap.toString('latin1', 0, 2) !== 'BM' || bitmap.readUInt16LE(28) !== 1) {
    throw new ValidationError('signature', 'a 1-bit BMP image, gzipped');
  }
}

/** The sigcap body, checked: merchid, a digits-only retref, and the signature image. */
export function sigcapToWire(request: SignatureCaptureRequest): Record<string, string> {
  requireField('merchid', request.merchid);
  requireField('retref', request.retref, 'the retrieval reference of the approved authorization is required');
  requireField('signature', request.signature);
  checkField('merchid', request.merchid, { max: 16, type: 'AN' });
  checkField('retref', request.retref, { max: 14, type: 'N' });
  checkField('signature', request.signature, { max: 6144, type: 'AN' });
  checkSignatureImage(request.signature);
  return { merchid: request.merchid, retref: request.retref, signature: request.signature };
}

const sigcapResponseSchema = z.object({
  merchid: text.optional(),
  retref: text.optional(),
  respcode: text.optional(),
  resptext: text.optional(),
});

export interface SignatureCapture extends z.output<typeof sigcapResponseSchema> {
  /** The gateway kept the signature (PPS 00); otherwise respcode and resptext say why not (29: no such sale). */
  readonly saved: boolean;
}

/** Reads a sigcap answer; a refusal (unknown retref, a decline) is a result, not an error. */
export function parseSigcap(json: unknown, raw: string): SignatureCapture {
  const answer = readAnswerObject('sigcap', sigcapResponseSchema, json, raw);
  return { ...answer, saved: answer.respcode === '00' };
}
