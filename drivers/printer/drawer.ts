import { PrinterError } from './printer-error';
import { isStatusByte } from './status';

/**
 * The cash drawer on a receipt printer's drawer kick-out connector (RJ-12): pin 2 and pin 5 each
 * drive a drawer's solenoid, pin 3 reads the drawer's switch. Pure encoders and a pure parser;
 * `ReceiptPrinter` sends and reads them.
 */

/** The connector pin that drives the drawer: 2 (drawer 1, the usual one) or 5 (drawer 2). */
export type DrawerPin = 2 | 5;

/**
 * Which level of pin 3 means "open". Epson's reference defines only the level (DLE EOT 1 bit 2:
 * 0 = LOW, 1 = HIGH); the drawer's switch decides what it means. `'low'` is the default: NCR's
 * and Axiohm's ESC/POS manuals document bit 2 as "0: a drawer open, 1: drawers closed", and
 * Epson's ePOS SDK names DRAWER_LOW the open state. A drawer wired the other way is `'high'`.
 */
export type DrawerOpenLevel = 'high' | 'low';

export type DrawerState = 'open' | 'closed' | 'unknown';

/** The kick pulse. Defaults: pin 2, 100 ms on, 500 ms off (duty under 20 %, as printer makers ask). */
export interface DrawerPulse {
  readonly pin?: DrawerPin;
  /** How long the solenoid is energised. ESC/POS: 2 to 510 ms in 2 ms steps; StarPRNT: 10 to 1270 ms in 10 ms steps. */
  readonly onMs?: number;
  /** The rest after it, before the printer prints again; same ranges. */
  readonly offMs?: number;
}

export const defaultDrawerPulse = { pin: 2, onMs: 100, offMs: 500 } as const satisfies Required<DrawerPulse>;

export type PrinterLanguage = 'esc-pos' | 'star-prnt';

function units(name: string, ms: number, step: number, max: number): number {
  const count = Math.round(ms / step);
  if (!Number.isFinite(ms) || count < 1 || count > max)
    throw new PrinterError('invalid', `the drawer pulse's ${name} of ${ms} ms is outside ${step} to ${step * max} ms`);
  return count;
}

function pinOf(pulse: DrawerPulse): DrawerPin {
  const pin = pulse.pin ?? defaultDrawerPulse.pin;
  if (pin !== 2 && pin !== 5)
    throw new PrinterError('invalid', `the drawer pin ${String(pin)} is not 2 or 5 of the kick-out connector`);
  return pin;
}

/**
 * The kick in the printer's language. ESC/POS: `ESC p m t1 t2` (m 0 for pin 2, 1 for pin 5; on
 * t1 x 2 ms, off t2 x 2 ms), which the printer runs in order from its buffer. StarPRNT:
 * `ESC BEL n1 n2` (on n1 x 10 ms, off n2 x 10 ms) then BEL to fire drive 1 (pin 2) or SUB for
 * drive 2 (pin 5). Throws `invalid` for a pin or time the command cannot carry.
 */
export function drawerKickBytes(language: PrinterLanguage, pulse: DrawerPulse = {}): Uint8Array {
  const pin = pinOf(pulse);
  const onMs = pulse.onMs ?? defaultDrawerPulse.onMs;
  const offMs = pulse.offMs ?? defaultDrawerPulse.offMs;
  if (language === 'star-prnt')
    return Uint8Array.of(
      0x1b,
      0x07,
      units('on time', onMs, 10, 127),
      units('off time', offMs, 10, 127),
      pin === 2 ? 0x07 : 0x1a,
    );
  return Uint8Array.of(0x1b, 0x70, pin === 2 ? 0 : 1, units('on time', onMs, 2, 255), units('off time', offMs, 2, 255));
}

/**
 * ESC/POS `DLE DC4 1 m t`: the kick as a real-time command (on and off t x 100 ms, t 1 to 8),
 * which Epson's printers run on arrival, even offline (out of paper, cover open) when ESC p would
 * wait in the buffer until the printer is back online. The on time is rounded up to 100 ms.
 */
export function realtimeDrawerKickBytes(pulse: DrawerPulse = {}): Uint8Array {
  const pin = pinOf(pulse);
  const onMs = pulse.onMs ?? defaultDrawerPulse.onMs;
  const t = Math.ceil(onMs / 100);
  if (!Number.isFinite(onMs) || onMs <= 0 || t > 8)
    throw new PrinterError(
      'invalid',
      `the drawer pulse's on time of ${onMs} ms is outside 1 to 800 ms for a real-time kick`,
    );
  return Uint8Array.of(0x10, 0x14, 0x01, pin === 2 ? 0 : 1, t);
}

/** DLE EOT 1: the printer status, whose bit 2 is the level of the drawer connector's pin 3. */
export const drawerSensorRequest = Uint8Array.of(0x10, 0x04, 0x01);

/** The drawer from the reply to DLE EOT 1 (bit 2: pin 3 HIGH). Throws `no-status` for a byte that is not a status reply. */
export function drawerFromPrinterStatus(reply: number, openLevel: DrawerOpenLevel): 'open' | 'closed' {
  if (!isStatusByte(reply))
    throw new PrinterError(
      'no-status',
      `the printer status reply 0x${reply.toString(16).padStart(2, '0')} is not a DLE EOT answer`,
    );
  const high = (reply & 0x04) !== 0;
  return high === (openLevel === 'high') ? 'open' : 'closed';
}
