import { SerialBarcodeScanner } from '../../../drivers/barcode-scanner/serial-scanner';
import type { BarcodeScanner } from '../../../drivers/barcode-scanner/types';
import type { Clock } from '../../platform/clock';
import { SerialTransport } from '../../../drivers/transport/serial';
import type { Settings } from '../config/settings';
import { LaneError } from '../errors';
import type { Logger } from '../../platform/log/logger';
import type { KioskService } from './kiosk-service';

/** The kiosk's serial scanner setting (`kiosk.scanner`). */
export type KioskScannerSetting = NonNullable<Settings['kiosk']['scanner']>;

/**
 * One code from a scanner (serial, or keyboard-mode through the keyboard wedge) into the basket.
 * A refusal is in `kiosk.state` for the screen already; the log gets its kind and the code's
 * length only, since a card swiped across the wrong device must not end up in a log.
 */
export function takeScan(kiosk: Pick<KioskService, 'scan'>, logger: Logger, code: string): void {
  try {
    kiosk.scan(code, 'scanner');
  } catch (error) {
    if (!(error instanceof LaneError)) throw error;
    logger.info({ kind: error.kind, field: error.field, length: code.length }, 'kiosk: a scan was refused');
  }
}

/**
 * The kiosk's serial barcode scanner, its codes into the basket through `takeScan`. Opened in
 * the background: a scanner missing at start is logged, and the port keeps trying.
 */
export function startKioskScanner(options: {
  readonly setting: KioskScannerSetting;
  readonly kiosk: Pick<KioskService, 'scan'>;
  readonly logger: Logger;
  readonly clock?: Clock;
}): BarcodeScanner {
  const { setting, kiosk, logger } = options;
  const scanner = new SerialBarcodeScanner({
    transport: new SerialTransport(setting.serial),
    framing: { prefix: setting.prefix, suffix: setting.suffix, timeoutMs: setting.timeoutMs },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  scanner.on('scan', (code) => takeScan(kiosk, logger, code));
  scanner.on('problem', (problem) => logger.warn({ problem }, 'kiosk: the scanner sent something that is no code'));
  scanner.on('disconnected', (error) => logger.warn({ err: error }, 'kiosk: the barcode scanner went away'));
  scanner.on('linkError', (error) => logger.warn({ err: error }, 'kiosk: the barcode scanner does not open yet'));
  scanner.on('open', () => logger.info({ scanner: scanner.description }, 'kiosk: the barcode scanner is connected'));
  void scanner
    .open()
    .catch((error: unknown) =>
      logger.error({ err: error }, 'kiosk: the barcode scanner could not be opened: check kiosk.scanner.serial.path'),
    );
  return scanner;
}
