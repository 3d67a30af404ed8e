import { PassiveCardReader } from './passive-reader';
import { parseReaderOutput } from './reader-output';

/**
 * An encrypting desktop reader (ID TECH Augusta or SREDKey family) in USB keyboard mode, or any
 * reader that types clear tracks. Its transport is a keyboard wedge whose chunks are whole
 * bursts; each becomes a `card`, a `chip-error`, or an `error` naming what was wrong.
 */
export class KeyboardCardReader extends PassiveCardReader {
  readonly protocol = 'keyboard';

  protected receive(burst: Uint8Array): void {
    this.deliver(() => parseReaderOutput(Buffer.from(burst).toString('utf8')));
  }
}
