import { bitmapToPng } from '../signature/codec';
import { pairLine } from './escpos';
import { buildReceipt, type ReceiptFacts, type ReceiptLine } from './model';

/** What a receipt email carries: a subject, the plain-text part, the HTML part and the signature as a PNG. */
export interface ReceiptEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** The cardholder's signature, shown inline in the HTML (by `cid`) and attached. */
  readonly attachments: ReadonlyArray<{
    readonly filename: string;
    readonly content: Buffer;
    readonly contentType: 'image/png';
    readonly cid: string;
  }>;
}

export interface ReceiptEmailOptions {
  readonly training: boolean;
  /** When the receipt object carries no dateTime. */
  readonly printedAt: Date;
  readonly currency?: string;
}

/** The text part's width: an 80 mm slip's, so it reads as the printed one in a monospaced font. */
const columns = 48;
const signatureCid = 'signature@lanepoint';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The customer's receipt as an email, drawn from the very lines the printer gets (`buildReceipt`,
 * the customer copy), so it states the same facts: the merchant's lines, the amounts, the card as
 * its last four, the EMV tags, WALLET and PARTIAL APPROVAL where the slip says them. The facts
 * hold no full card number, so neither can the email. The signature, when the sale captured one,
 * is attached as a PNG and shown in the HTML part.
 */
export function composeReceiptEmail(facts: ReceiptFacts, options: ReceiptEmailOptions): ReceiptEmail {
  const document = buildReceipt(facts, {
    copy: 'customer',
    training: options.training,
    duplicate: false,
    printedAt: options.printedAt,
    columns,
    ...(options.currency ? { currency: options.currency } : {}),
  });
  const signature = facts.signature.image;
  const textLines = document.lines.flatMap((line) => textOf(line));
  const htmlRows = document.lines.map(htmlOf);
  if (signature) {
    textLines.push('', 'Signed electronically (signature attached).');
    htmlRows.push(
      `<tr><td colspan="2" style="text-align:center"><img src="cid:${signatureCid}" alt="Signature" width="${signature.width}" height="${signature.height}"><br>Signed electronically</td></tr>`,
    );
  }
  const merchant = facts.merchant?.dba;
  const order = facts.gateway.orderId ? ` ${facts.gateway.orderId}` : '';
  const subject = `${options.training ? 'TRAINING ' : ''}Your receipt${merchant ? ` from ${merchant}` : ''}${order}`;
  const html = [
    '<!doctype html><html><body>',
    '<table style="font-family:monospace;border-collapse:collapse;margin:auto">',
    ...htmlRows,
    '</table></body></html>',
  ].join('\n');
  return {
    subject,
    text: `${textLines.join('\n')}\n`,
    html,
    attachments: signature
      ? [{ filename: 'signature.png', content: bitmapToPng(signature), contentType: 'image/png', cid: signatureCid }]
      : [],
  };
}

function textOf(line: ReceiptLine): string[] {
  switch (line.kind) {
    case 'text': {
      const pad = line.align === 'center' ? Math.max(0, Math.floor((columns - line.text.length) / 2)) : 0;
      return [line.align === 'right' ? line.text.padStart(columns) : `${' '.repeat(pad)}${line.text}`];
    }
    case 'pair':
      return [pairLine(line.left, line.right, columns)];
    case 'rule':
      return ['-'.repeat(columns)];
    case 'blank':
      return [''];
    case 'signature-line':
      return [`X${'_'.repeat(columns - 1)}`];
    case 'image':
      // The customer copy has no image; a signature is added once, after the lines.
      return [];
  }
}

function htmlOf(line: ReceiptLine): string {
  const style = (bold?: boolean, large?: boolean) =>
    `${bold ? 'font-weight:bold;' : ''}${large ? 'font-size:1.4em;' : ''}`;
  switch (line.kind) {
    case 'text':
      return `<tr><td colspan="2" style="text-align:${line.align};${style(line.bold, line.large)}">${escapeHtml(line.text)}</td></tr>`;
    case 'pair':
      return `<tr style="${style(line.bold)}"><td>${escapeHtml(line.left)}</td><td style="text-align:right">${escapeHtml(line.right)}</td></tr>`;
    case 'rule':
      return '<tr><td colspan="2"><hr></td></tr>';
    case 'blank':
      return '<tr><td colspan="2">&nbsp;</td></tr>';
    case 'signature-line':
      return '<tr><td colspan="2">X______________________________</td></tr>';
    case 'image':
      return '';
  }
}
