import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { signatureStrokesSchema } from '../../lane/ipc/contract';
import { SignatureFormatError } from '../../lane/signature/bmp';
import { bitmapToPng, decodeSignature, encodeSignature } from '../../lane/signature/codec';
import type { CliIo } from './io';
import { UsageError } from './usage';

/**
 * `lanepoint signature encode <strokes.json>`: the gateway's signature string and its length.
 * `lanepoint signature decode <string or file> --png out.png`: the image, for support staff.
 */
export async function runSignatureCommand(io: CliIo, positionals: string[], png: string | undefined): Promise<number> {
  const [subcommand, input, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError('signature takes one input');
  if (subcommand === 'encode') {
    if (!input) throw new UsageError('signature encode needs a strokes JSON file');
    let parsed;
    try {
      parsed = signatureStrokesSchema.safeParse(JSON.parse(readFileSync(input, 'utf8')));
    } catch (error) {
      io.stderr(`lanepoint signature encode: cannot read ${input}: ${(error as Error).message}`);
      return 1;
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      io.stderr(
        `lanepoint signature encode: ${input} is not strokes JSON at ${issue?.path.join('.') || '(top)'}: ${issue?.message ?? ''}`,
      );
      return 1;
    }
    const encoded = encodeSignature(parsed.data);
    io.stdout(encoded.value);
    io.stderr(
      `${encoded.length} characters; ${encoded.width}x${encoded.height}, line ${encoded.lineWidth}px${encoded.reduced ? ', reduced to fit 6144' : ''}`,
    );
    return 0;
  }
  if (subcommand === 'decode') {
    if (!input) throw new UsageError('signature decode needs the signature string or a file holding it');
    if (!png) throw new UsageError('signature decode needs --png <out.png>');
    const value = existsSync(input) ? readFileSync(input, 'utf8') : input;
    try {
      const bitmap = decodeSignature(value);
      writeFileSync(png, bitmapToPng(bitmap));
      io.stdout(`${png}: ${bitmap.width}x${bitmap.height}`);
      return 0;
    } catch (error) {
      if (error instanceof SignatureFormatError) {
        io.stderr(`lanepoint signature decode: ${error.message}`);
        return 1;
      }
      throw error;
    }
  }
  throw new UsageError(subcommand ? `signature has no subcommand "${subcommand}"` : 'signature needs encode or decode');
}
