import { encodeFrame, FrameDecoder, type Frame } from '../../../drivers/card-reader/vivotech2';
import { parseTlv, findTlv } from '../../../drivers/card-reader/tlv';
import { systemClock, type Clock } from '../../platform/clock';
import type { Transport } from '../../../drivers/transport/types';
import { EmulatedEncryptingReader, type EmulatedCard } from './encrypting-reader';

/**
 * The device side of the ViVOtech2 protocol, for training and tests: answers ping (18-01),
 * activate transaction (02-01: answered once a card is presented, with the card's encrypted
 * EMV record, or with status 08 when the reader's timeout passes), cancel (05-01) and, for
 * anything else, "unknown command" (02). A frame with a bad CRC is answered with status 04.
 */
export class EmulatedViVOtech2Reader {
  readonly #transport: Transport;
  readonly #decoder = new FrameDecoder('command');
  readonly #chip: EmulatedEncryptingReader;
  #pending: { amountMinor: number; stopTimer: () => void } | undefined;
  readonly #clock: Clock;
  #card: { card: EmulatedCard; method: 'chip' | 'contactless' } | undefined;
  /** Commands received, for tests: "18-01", "02-01", ... */
  readonly received: string[] = [];

  /** `clock` runs the reader's own card timeout (default: the process's timers). */
  constructor(transport: Transport, options: { reader?: EmulatedEncryptingReader; clock?: Clock } = {}) {
    this.#transport = transport;
    this.#clock = options.clock ?? systemClock;
    this.#chip = options.reader ?? new EmulatedEncryptingReader({ serialNumber: 'LPNEO00001' });
    transport.on('data', (chunk) => {
      const { frames, errors } = this.#decoder.push(chunk);
      for (const _error of errors) void this.#answer({ command: 0, code: 0x04, data: new Uint8Array(0) });
      for (const frame of frames) this.#onCommand(frame);
    });
  }

  /** A card is inserted (`chip`) or tapped (`contactless`); a waiting transaction gets it at once. */
  presentCard(card: EmulatedCard, method: 'chip' | 'contactless' = 'chip'): void {
    this.#card = { card, method };
    this.#complete();
  }

  removeCard(): void {
    this.#card = undefined;
  }

  #onCommand(frame: Frame): void {
    const name = `${hex(frame.command)}-${hex(frame.code)}`;
    this.received.push(name);
    switch (name) {
      case '18-01':
        return void this.#answer({ command: 0x18, code: 0x00, data: new Uint8Array(0) });
      case '02-01': {
        const seconds = frame.data[0] ?? 30;
        const amount = findTlv(parseTlv(frame.data.subarray(1)), '9F02');
        const amountMinor = amount ? Number(Buffer.from(amount.value).toString('hex')) : 0;
        this.#pending?.stopTimer();
        const stopTimer = this.#clock.setTimer(() => {
          this.#pending = undefined;
          void this.#answer({ command: 0x02, code: 0x08, data: new Uint8Array(0) });
        }, seconds * 1000);
        this.#pending = { amountMinor, stopTimer };
        return this.#complete();
      }
      case '05-01':
        this.#pending?.stopTimer();
        this.#pending = undefined;
        return void this.#answer({ command: 0x05, code: 0x00, data: new Uint8Array(0) });
      default:
        return void this.#answer({ command: frame.command, code: 0x02, data: new Uint8Array(0) });
    }
  }

  #complete(): void {
    const pending = this.#pending;
    const presented = this.#card;
    if (!pending || !presented) return;
    pending.stopTimer();
    this.#pending = undefined;
    this.#card = undefined;
    const record = this.#chip.chipRecord(presented.card, pending.amountMinor, presented.method);
    void this.#answer({ command: 0x02, code: 0x00, data: record });
  }

  async #answer(frame: Frame): Promise<void> {
    if (this.#transport.isOpen) await this.#transport.write(encodeFrame('response', frame)).catch(() => undefined);
  }
}

const hex = (value: number) => value.toString(16).padStart(2, '0').toUpperCase();
