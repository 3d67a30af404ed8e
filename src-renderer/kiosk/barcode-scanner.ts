/**
 * A keyboard-mode barcode scanner types the code's characters and Enter as one fast burst, into
 * the same keyboard as everything else. This listens *after* the card reader's wedge: in browser
 * mode `routeKeysThroughReader` holds every key in the capture phase and types back only what the
 * main process's wedge did not take as a card (a card track starts with % or ; and is at least
 * 16 characters, or is a long hex record); in Electron the main process does the same before the
 * page sees a key. So card data never reaches this listener, and a barcode (12 or 13 digits for
 * UPC-A and EAN-13, 8 for EAN-8) comes through as the keys it was. What is left to decide here
 * is only a scanner's burst from a person's typing, by the same rule the wedge uses: the gap
 * between keys.
 */

export interface BarcodeBurstOptions {
  /** The longest pause between two characters of one burst (a scanner's are a few ms apart). */
  readonly maxGapMs?: number;
  /** The fewest characters a barcode has: fewer is a person pressing keys. */
  readonly minLength?: number;
}

/** The contract's barcode: 1 to 32 letters, digits or hyphens (kiosk.scan). */
const barcodeCharacter = /^[0-9A-Za-z-]$/;
const maxLength = 32;

/** The pure part: feed it keys with their time; Enter after a burst answers the barcode. */
export class BarcodeBurst {
  readonly #maxGapMs: number;
  readonly #minLength: number;
  #text = '';
  /** The burst under way had a character no barcode has (a card track's %, a space): not a scan. */
  #spoiled = false;
  #last = Number.NEGATIVE_INFINITY;

  constructor(options: BarcodeBurstOptions = {}) {
    // Scanners type a character every few ms; people rarely go under 100 ms between keys, and
    // never for a whole code and its Enter. 80 leaves room for a busy computer's delivery.
    this.#maxGapMs = options.maxGapMs ?? 80;
    this.#minLength = options.minLength ?? 4;
  }

  /** One key at `at` ms. Returns the barcode when this Enter ends a scanner's burst, else null. */
  feed(key: string, at: number): string | null {
    // A scanner holds Shift for a capital letter: not a character of the code.
    if (key === 'Shift') return null;
    const gap = at - this.#last;
    this.#last = at;
    if (key === 'Enter') {
      const text = this.#text;
      const spoiled = this.#spoiled;
      this.#text = '';
      this.#spoiled = false;
      return !spoiled && gap <= this.#maxGapMs && text.length >= this.#minLength ? text : null;
    }
    // A pause means a new burst starts with this key.
    if (gap > this.#maxGapMs) {
      this.#text = '';
      this.#spoiled = false;
    }
    if (!barcodeCharacter.test(key) || this.#text.length >= maxLength) this.#spoiled = true;
    else this.#text += key;
    return null;
  }

  /** True while a burst may be under way: a key within the gap of the last. */
  inBurst(at: number): boolean {
    return (this.#text.length > 0 || this.#spoiled) && at - this.#last <= this.#maxGapMs;
  }
}

/**
 * Listens on the window for scanner bursts and hands each barcode to `onBarcode`. The Enter
 * that ends a burst is kept from the page (it would press whatever button has focus), as are the
 * burst's later characters; a field being typed in is left alone (staff typing an id).
 * Returns the function that stops listening.
 */
export function listenForBarcodes(
  win: Window,
  onBarcode: (barcode: string) => void,
  options: BarcodeBurstOptions = {},
): () => void {
  const burst = new BarcodeBurst(options);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
    // When the key was pressed, not when this page got round to it: a render between two keys
    // of one burst must not split it.
    const at = event.timeStamp;
    const inBurst = burst.inBurst(at);
    const barcode = burst.feed(event.key, at);
    if (barcode !== null || (inBurst && barcodeCharacter.test(event.key))) event.preventDefault();
    if (barcode !== null) {
      event.stopPropagation();
      onBarcode(barcode);
    }
  };
  win.addEventListener('keydown', onKeyDown);
  return () => win.removeEventListener('keydown', onKeyDown);
}
