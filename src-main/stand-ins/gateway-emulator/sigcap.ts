import { BadRequest, type EmulatorAnswer, type EmulatorContext } from './emulator-context';
import { merchidField, readField, retrefField } from './wire-fields';

/** The gateway keeps a signature of up to 6144 characters: Base64 of the gzipped 1-bit BMP. */
const signatureField = { max: 6144, pattern: /^[A-Za-z0-9+/]+={0,2}$/, shape: 'Base64 text', required: true } as const;

/**
 * sigcap: adds a signature to an approved authorization after the fact, so inquire returns it.
 * An unknown retref (or another merchant's) answers PPS 29; a declined one PPS 94 "No action",
 * as there is no sale to sign for. A second signature replaces the first.
 */
export function signatureCapture(context: EmulatorContext, body: Record<string, unknown>): EmulatorAnswer {
  const merchid = readField(body, 'merchid', merchidField)!;
  const retref = readField(body, 'retref', retrefField)!;
  const signature = readField(body, 'signature', signatureField)!;
  if (signature.length % 4 !== 0) throw new BadRequest('signature: Base64 text (its length is a multiple of 4)');
  const transaction = context.ledger.get(retref);
  if (!transaction || transaction.merchid !== merchid)
    return { status: 200, body: { merchid, retref, respcode: '29', resptext: 'Txn not found' } };
  if (transaction.respstat !== 'A' || transaction.kind === 'refund')
    return { status: 200, body: { merchid, retref, respcode: '94', resptext: 'No action' } };
  transaction.signature = signature;
  context.ledger.save(transaction);
  return { status: 200, body: { merchid, retref, respcode: '00', resptext: 'Approval' } };
}
