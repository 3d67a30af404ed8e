import { readFileSync } from 'node:fs';
import { receiptAsText } from '../../src-main/lane/receipt/escpos';
import { receiptFactsFromAnswer } from '../../src-main/lane/receipt/from-answer';
import type { ReceiptFacts } from '../../src-main/lane/receipt/model';
import { encodeSignature } from '../../src-main/lane/signature/codec';
import { approvedAnswer } from './gateway-answers';

/** The receipt as the lines of text it prints (images as a marker). */
export const receiptText = receiptAsText;

/**
 * A full EMV sale: the documented approval with a signature CVM, a captured signature (the
 * recorded "neat name"), a tip, a merchant name with accents and a footer with currency signs.
 */
export function fullEmvSale(): ReceiptFacts {
  const signature = encodeSignature(JSON.parse(readFileSync('assets/signatures/neat-name.json', 'utf8'))).value;
  const answer = {
    ...approvedAnswer,
    emvTagData: approvedAnswer.emvTagData
      .replace('"Signature":"false"', '"Signature":"true"')
      .replace('"PIN":"Verified by PIN",', ''),
    receipt: { ...approvedAnswer.receipt, dba: 'Café Crème & Söhne', footer: 'Merci! Prix en € et £, ¥ bienvenu' },
  };
  return receiptFactsFromAnswer(answer, { terminalId: 'LANE-01', signature, tipMinor: 200 });
}
