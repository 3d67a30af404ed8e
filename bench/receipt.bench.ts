import { readFileSync } from 'node:fs';
import { approvedAnswer } from '../test/support/gateway-answers';
import { encodeReceipt } from '../src-main/lane/receipt/escpos';
import { receiptFactsFromAnswer } from '../src-main/lane/receipt/from-answer';
import { buildReceipt } from '../src-main/lane/receipt/model';
import { renderReceipt } from '../src-main/lane/receipt/preview';
import { loadPrinterProfiles } from '../src-main/lane/receipt/profiles';
import { encodeSignature } from '../src-main/lane/signature/codec';
import type { BenchCase } from './harness';

const profile = loadPrinterProfiles('assets/printers').get('escpos-80mm')!;
const signature = encodeSignature(JSON.parse(readFileSync('assets/signatures/long-messy.json', 'utf8'))).value;
const answer = {
  ...approvedAnswer,
  emvTagData: approvedAnswer.emvTagData.replace('"Signature":"false"', '"Signature":"true"'),
  receipt: { ...approvedAnswer.receipt, dba: 'Café Crème & Söhne', footer: 'Merci! € £ ¥' },
};

/** The merchant copy of a live sale on an 80 mm (48-column) printer, printed now. */
const merchantCopy = () =>
  ({ copy: 'merchant', training: false, duplicate: false, printedAt: new Date(), columns: 48 }) as const;

/** Issue 7's row: a full EMV sale receipt with a signature, from the gateway's answer to printer bytes. */
export const receiptBenchmarks: BenchCase[] = [
  {
    name: 'receipt: EMV sale with signature, answer -> ESC/POS bytes (target < 2 ms)',
    iterations: 500,
    run: () => {
      const facts = receiptFactsFromAnswer(answer, { terminalId: 'LANE-01', signature });
      return encodeReceipt(buildReceipt(facts, merchantCopy()), profile);
    },
  },
  {
    name: 'receipt: the same receipt as a preview page (dots)',
    iterations: 200,
    run: () =>
      renderReceipt(
        buildReceipt(receiptFactsFromAnswer(answer, { terminalId: 'LANE-01', signature }), merchantCopy()),
        profile,
      ),
  },
];
