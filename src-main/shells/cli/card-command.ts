import { readFileSync } from 'node:fs';
import { CardReaderError } from '../../../drivers/card-reader/errors';
import { parseReaderOutput } from '../../../drivers/card-reader/reader-output';
import { describeCardRead } from '../../../drivers/card-reader/types';
import type { CliIo } from './io';
import { UsageError } from './usage';

/**
 * `lanepoint card parse <reader output>`: what the terminal makes of one reader output (clear
 * tracks, an encrypted swipe record or quick-chip TLV), as JSON, for support staff. It prints
 * the masked card and what the reader said about it, never the track or a clear card number.
 * "-" reads the output from standard input.
 */
export async function runCardCommand(
  io: CliIo,
  positionals: string[],
  readStdin: () => string = () => readFileSync(0, 'utf8'),
): Promise<number> {
  const [subcommand, output, ...extra] = positionals;
  if (subcommand !== 'parse')
    throw new UsageError(
      subcommand
        ? `card has no subcommand "${subcommand}"; use card parse`
        : 'card needs a subcommand: card parse <reader output>',
    );
  if (output === undefined)
    throw new UsageError('card parse needs the reader output (or - to read it from standard input)');
  if (extra.length > 0) throw new UsageError('card parse takes one reader output; quote it if it has spaces');
  const text = output === '-' ? readStdin() : output;
  try {
    const parsed = parseReaderOutput(text);
    if (parsed.kind === 'chip-error') {
      io.stdout(JSON.stringify({ kind: 'chip-error', reason: parsed.reason }, null, 2));
      return 0;
    }
    io.stdout(JSON.stringify({ kind: 'card', format: parsed.format, ...describeCardRead(parsed.read) }, null, 2));
    return 0;
  } catch (error) {
    if (error instanceof CardReaderError) {
      const where = error.offset === undefined ? '' : ` (at character ${error.offset})`;
      io.stderr(`lanepoint card parse: not a card reader output we can read: ${error.message}${where}`);
      return 1;
    }
    throw error;
  }
}
