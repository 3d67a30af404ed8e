import { EventEmitter } from 'node:events';
import { CardReaderError } from '../../../drivers/card-reader/errors';
import type { CardRead, CardReader, CardReaderEvents } from '../../../drivers/card-reader/types';
import type { UnattendedPaymentDevice } from '../../../drivers/unattended/unattended-device';

/**
 * An unattended payment device in the list of card readers: opened, closed and watched like any
 * reader (its link's events), but it never hands a card to the lane: it reads the card and
 * authorizes by itself, so the sale goes through `runDeviceSale`. A test read is refused with
 * words that say why.
 */
export class UnattendedCardReader extends EventEmitter<CardReaderEvents> implements CardReader {
  readonly protocol = 'pae';
  readonly device: UnattendedPaymentDevice;

  constructor(device: UnattendedPaymentDevice) {
    super();
    this.device = device;
    device.on('connected', () => this.emit('connected'));
    device.on('disconnected', (error) => this.emit('disconnected', error));
    device.on('error', (error) => {
      if (this.listenerCount('error') > 0) this.emit('error', error);
    });
  }

  open(): Promise<void> {
    return this.device.open();
  }

  close(): Promise<void> {
    return this.device.close();
  }

  read(): Promise<CardRead> {
    return Promise.reject(
      new CardReaderError(
        'malformed',
        'this unattended payment device reads the card and authorizes by itself: start a sale to use it',
      ),
    );
  }
}
