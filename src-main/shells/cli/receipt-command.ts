import { readFileSync, writeFileSync } from 'node:fs';
import { defaultAssetsDir } from '../../lane/core/assets';
import { GatewayError } from '../../lane/gateway/errors';
import { encodeReceipt, receiptAsText } from '../../lane/receipt/escpos';
import { receiptFactsFromAnswer } from '../../lane/receipt/from-answer';
import { buildReceipt, type ReceiptCopy, type ReceiptKind } from '../../lane/receipt/model';
import { receiptPng } from '../../lane/receipt/preview';
import { loadPrinterProfiles } from '../../lane/receipt/profiles';
import { SignatureFormatError } from '../../lane/signature/bmp';
import type { CliIo } from './io';
import { UsageError } from './usage';

export interface ReceiptCommandOptions {
  readonly printer: string;
  readonly escpos?: string;
  readonly png?: string;
  readonly copy: ReceiptCopy;
  readonly kind?: ReceiptKind;
  readonly training: boolean;
  readonly duplicate: boolean;
  readonly terminalId: string;
}

const kinds: readonly ReceiptKind[] = ['sale', 'authorization', 'void', 'refund', 'decline', 'partial'];

export function parseReceiptKind(value: string): ReceiptKind {
  if (!(kinds as readonly string[]).includes(value)) throw new UsageError(`--kind must be one of ${kinds.join(', ')}`);
  return value as ReceiptKind;
}

/**
 * `lanepoint receipt <saved gateway answer.json>`: the receipt for an authorization answer or an
 * inquire record without a printer, as text on stdout, printer bytes (--escpos) and a preview
 * (--png), for support staff and tests.
 */
export async function runReceiptCommand(
  io: CliIo,
  positionals: string[],
  options: ReceiptCommandOptions,
): Promise<number> {
  const [file, ...extra] = positionals;
  if (!file) throw new UsageError('receipt needs a saved gateway answer (JSON)');
  if (extra.length > 0) throw new UsageError('receipt takes one answer file');
  const profiles = loadPrinterProfiles(`${defaultAssetsDir()}/printers`);
  const profile = profiles.get(options.printer);
  if (!profile)
    throw new UsageError(`no printer profile "${options.printer}"; there are ${[...profiles.keys()].join(', ')}`);
  let answer: unknown;
  try {
    answer = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    io.stderr(`lanepoint receipt: cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  let document;
  try {
    const facts = receiptFactsFromAnswer(answer, {
      terminalId: options.terminalId,
      ...(options.kind ? { kind: options.kind } : {}),
    });
    document = buildReceipt(facts, {
      copy: options.copy,
      training: options.training,
      duplicate: options.duplicate,
      printedAt: new Date(),
      columns: profile.columns,
    });
  } catch (error) {
    if (error instanceof GatewayError || error instanceof SignatureFormatError) {
      io.stderr(`lanepoint receipt: ${file}: ${error.message}`);
      return 1;
    }
    throw error;
  }
  io.stdout(receiptAsText(document).join('\n'));
  if (options.escpos) writeFileSync(options.escpos, encodeReceipt(document, profile));
  if (options.png) writeFileSync(options.png, receiptPng(document, profile));
  return 0;
}
