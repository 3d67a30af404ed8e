/**
 * An emulated cash drawer on a printer's kick-out connector, modelled on the device rather than on
 * the driver: a spring-loaded tray held by a latch that a solenoid throws. A pulse long enough
 * throws the latch and the tray springs open; it stays open (nothing in the drawer closes it)
 * until someone pushes it shut; a kick while it is open changes nothing. Its switch is read on
 * pin 3 of the connector.
 */

/**
 * The shortest on-time that throws the latch. Drawer solenoids are specified for pulses of
 * about 50 to 250 ms (printer makers' defaults are 100 to 200 ms, and the common "ESC p 0 25 250"
 * is 50 ms); shorter pulses may not pull the plunger far enough. 50 ms is taken as the edge.
 */
export const minimumThrowMs = 50;

export interface CashDrawerOptions {
  /** The connector pin driving this drawer's solenoid (default 2, drawer 1). */
  readonly pin?: 2 | 5;
  /** The level the drawer's switch puts on pin 3 while it is open (default 'low'). */
  readonly openLevel?: 'high' | 'low';
}

export class EmulatedCashDrawer {
  readonly #pin: 2 | 5;
  readonly #openLevel: 'high' | 'low';
  #open = false;
  /** Pulses that reached this drawer's solenoid, whether they threw the latch or not. */
  pulses = 0;
  /** Times the latch was thrown and the tray sprang open. */
  timesOpened = 0;

  constructor(options: CashDrawerOptions = {}) {
    this.#pin = options.pin ?? 2;
    this.#openLevel = options.openLevel ?? 'low';
  }

  get isOpen(): boolean {
    return this.#open;
  }

  /** The level of the connector's pin 3 (the drawer's switch) now. */
  get pin3High(): boolean {
    return this.#open === (this.#openLevel === 'high');
  }

  /** A pulse of `onMs` on connector pin `pin`. Returns whether it opened the drawer now. */
  pulse(pin: 2 | 5, onMs: number): boolean {
    if (pin !== this.#pin) return false;
    this.pulses++;
    if (this.#open || onMs < minimumThrowMs) return false;
    this.#open = true;
    this.timesOpened++;
    return true;
  }

  /** Someone pushes the tray shut (training, tests). */
  close(): void {
    this.#open = false;
  }
}

/** A drawer kick the printer read: `buffered` (ESC p) waits while the printer is stopped; real-time (DLE DC4) does not. */
export interface DrawerKick {
  readonly pin: 2 | 5;
  readonly onMs: number;
  readonly buffered: boolean;
}

/**
 * Reads `ESC p m t1 t2` or `DLE DC4 1 m t` at `at` (the first byte already known to be ESC or
 * DLE and the second `p` or DC4). Returns the bytes used (0: more are needed) and the kick, or
 * no kick for an `m` the printer ignores (Epson: m is 0, 1, 48 or 49; DLE DC4: n 1, m 0 or 1,
 * t 1 to 8).
 */
export function readDrawerKick(bytes: readonly number[], at: number): { taken: number; kick?: DrawerKick } {
  if (at + 5 > bytes.length) return { taken: 0 };
  const [first, , a, b, c] = bytes.slice(at, at + 5) as [number, number, number, number, number];
  if (first === 0x1b) {
    const pin = a === 0 || a === 48 ? 2 : a === 1 || a === 49 ? 5 : undefined;
    return pin ? { taken: 5, kick: { pin, onMs: b * 2, buffered: true } } : { taken: 5 };
  }
  const valid = a === 1 && (b === 0 || b === 1) && c >= 1 && c <= 8;
  return valid ? { taken: 5, kick: { pin: b === 0 ? 2 : 5, onMs: c * 100, buffered: false } } : { taken: 5 };
}
