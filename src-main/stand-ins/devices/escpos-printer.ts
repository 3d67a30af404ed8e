import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';
import { cellUnits, drawChar } from '../../../drivers/printer/font';
import { type InkImage, Paper } from '../../../drivers/printer/page';
import { type DrawerKick, type EmulatedCashDrawer, readDrawerKick } from './cash-drawer';
import { type PrinterCondition, realtimeStatusByte } from './printer-condition';

export { type PrinterCondition, realtimeStatusByte } from './printer-condition';

interface Style {
  bold: boolean;
  underline: boolean;
  width: number;
  height: number;
}

interface Cell {
  readonly char: string;
  readonly style: Style;
}

/** One printed page (from the start or the last cut to a cut) and the text it carries. */
export interface PrintedPage {
  readonly image: InkImage;
  /** Each text line as printed, spaces kept. */
  readonly lines: readonly string[];
  /** Raster images in order, as sent. */
  readonly rasters: readonly InkImage[];
  readonly cut: 'full' | 'partial' | null;
}

const lineDots = cellUnits.height * 2;
const charDots = (cell: Cell) => cellUnits.width * 2 * cell.style.width;
const leadingDots = 24;
/**
 * The longest page kept as one image: 8000 dots is a metre of receipt at 203 dpi. Paper fed past
 * it hangs out blank; print past it starts a page of its own (cut: null). Without the bound a few
 * bytes of ESC d 255 asked for gigabytes of blank image.
 */
export const maxPageDots = 8000;
/** Printed pages kept (the newest); older ones have left the printer. `pagesPrinted` counts all. */
export const keptPages = 32;

/**
 * An ESC/POS interpreter: the emulated printer's "print head". It turns the bytes a printer
 * receives into pages of dots (the same 12 x 24 Font A cell as the previews), so training can show
 * what was really sent and tests have a decoder of our bytes that is not the encoder. Supports
 * ESC @, ESC t, ESC E, ESC !, ESC -, ESC a, ESC d, ESC J, ESC 2/3, ESC M, GS !, GS B, GS v 0,
 * GS V, DLE EOT (answered through `reply`), ESC p and DLE DC4 (the drawer kick, to `drawer`), and
 * skips FS and GS ( ... blocks it has no use for.
 * Commands it does not know are listed in `unknown` rather than guessed at.
 */
export class EscPosInterpreter {
  /** The newest `keptPages` pages, oldest first. */
  readonly pages: PrintedPage[] = [];
  /** Every page printed since the interpreter started, kept or not. */
  pagesPrinted = 0;
  readonly unknown: string[] = [];
  readonly #dots: number;
  readonly #codepages: Map<number, Codepage>;
  readonly #reply: (bytes: Uint8Array) => void;
  readonly #drawer: EmulatedCashDrawer | undefined;
  #condition: PrinterCondition = { online: true, coverOpen: false, paperEnd: false, paperNearEnd: false };
  /** ESC p read while the printer was stopped: it runs from the buffer once the printer can go on. */
  #bufferedKicks: DrawerKick[] = [];
  /**
   * Paper left on the roll, in dots (Infinity: never runs out). When it runs out the printer stops
   * printing, goes offline and reports paper end; what arrives meanwhile is not printed, as a
   * printer that clears its buffer when the host reprints from the start.
   */
  paperDots = Number.POSITIVE_INFINITY;
  /** Whether anything was lost to a paper end since the last check. */
  lostToPaperEnd = false;
  #pending: number[] = [];
  #style: Style = { bold: false, underline: false, width: 1, height: 1 };
  #align: 'left' | 'center' | 'right' = 'left';
  #table: number[] = CodepageEncoder.getCodepoints('cp437', true);
  #line: Cell[] = [];
  /** Dots the characters of `#line` take across the head. */
  #lineWidth = 0;
  #paper: Paper;
  #y = leadingDots;
  #lines: string[] = [];
  #rasters: InkImage[] = [];

  /** `codepages`: the printer's ESC t numbering (a profile's table), `reply`: bytes back to the host. */
  constructor(options: {
    dotsPerLine: number;
    codepages: Readonly<Record<string, number>>;
    reply?: (bytes: Uint8Array) => void;
    drawer?: EmulatedCashDrawer;
  }) {
    this.#dots = options.dotsPerLine;
    this.#drawer = options.drawer;
    this.#codepages = new Map(Object.entries(options.codepages).map(([name, number]) => [number, name as Codepage]));
    this.#reply = options.reply ?? (() => undefined);
    this.#paper = new Paper(this.#dots);
  }

  /** Bytes as they arrive, in any chunking; a command cut between chunks waits for the rest. */
  push(chunk: Uint8Array): void {
    // Not push(...chunk): spreading a chunk of a few hundred kilobytes overflows the call stack.
    for (const byte of chunk) this.#pending.push(byte);
    let used = 0;
    for (;;) {
      const taken = this.#step(this.#pending, used);
      if (taken === 0) break;
      used += taken;
    }
    this.#pending = this.#pending.slice(used);
  }

  get condition(): PrinterCondition {
    return this.#condition;
  }

  /** The operator changed the printer (paper, cover, online): a kick waiting in the buffer runs once it can go on. */
  set condition(condition: PrinterCondition) {
    this.#condition = condition;
    if (this.#stopped) return;
    for (const kick of this.#bufferedKicks.splice(0)) this.#drawer?.pulse(kick.pin, kick.onMs);
  }

  #kick(kick: DrawerKick | undefined): void {
    if (kick?.buffered && this.#stopped) this.#bufferedKicks.push(kick);
    else if (kick) this.#drawer?.pulse(kick.pin, kick.onMs);
  }

  /** A new roll is loaded: what was printed on the old one's end is a page of its own, uncut. */
  newRoll(): void {
    if (this.#lines.length > 0 || this.#rasters.length > 0) this.#keep(this.current());
    this.#paper = new Paper(this.#dots);
    this.#y = leadingDots;
    this.#lines = [];
    this.#rasters = [];
    this.#line = [];
    this.#lineWidth = 0;
  }

  /** The page printed since the last cut (what would hang out of the printer). */
  current(): PrintedPage {
    // Paper fed since the last print is blank: it becomes image only here, and never past the bound.
    this.#paper.extend(Math.min(this.#y, maxPageDots));
    return { image: this.#paper.image(), lines: [...this.#lines], rasters: [...this.#rasters], cut: null };
  }

  #keep(page: PrintedPage): void {
    this.pages.push(page);
    this.pagesPrinted++;
    if (this.pages.length > keptPages) this.pages.splice(0, this.pages.length - keptPages);
  }

  /** Print that would reach past the page bound starts a new page (as if torn off, uncut). */
  #roomFor(height: number): void {
    if (this.#y + height <= maxPageDots) return;
    // A page of blank lines is paper fed through, not a page.
    if (this.#lines.some((line) => line.trim() !== '') || this.#rasters.length > 0) this.#keep(this.current());
    // Paper with no ink on it is reused: a run of feeds allocates nothing.
    if (this.#paper.height > 0) this.#paper = new Paper(this.#dots);
    this.#y = leadingDots;
    this.#lines = [];
    this.#rasters = [];
  }

  /** Executes one command or character at `at`; returns the bytes used, 0 when more are needed. */
  #step(bytes: number[], at: number): number {
    const b = bytes[at];
    if (b === undefined) return 0;
    const need = (count: number) => at + count <= bytes.length;
    const arg = (offset: number) => bytes[at + offset] ?? 0;
    if (b === 0x0a) {
      this.#printLine();
      return 1;
    }
    if (b === 0x0d) return 1;
    if (b === 0x10) {
      if (arg(1) === 0x14) {
        const { taken, kick } = readDrawerKick(bytes, at);
        this.#kick(kick);
        return taken;
      }
      if (!need(3)) return 0;
      const pin3High = this.#drawer?.pin3High ?? false;
      if (arg(1) === 0x04) this.#reply(Uint8Array.of(realtimeStatusByte(arg(2), this.condition, pin3High)));
      else this.unknown.push(`DLE ${arg(1).toString(16)}`);
      return 3;
    }
    if (b === 0x1b) {
      if (!need(2)) return 0;
      const command = String.fromCharCode(arg(1));
      const withArg = (run: (n: number) => void) => {
        if (!need(3)) return 0;
        run(arg(2));
        return 3;
      };
      switch (command) {
        case '@':
          this.#style = { bold: false, underline: false, width: 1, height: 1 };
          this.#align = 'left';
          this.#table = CodepageEncoder.getCodepoints('cp437', true);
          return 2;
        case 't':
          return withArg((n) => {
            const name = this.#codepages.get(n);
            if (name) this.#table = CodepageEncoder.getCodepoints(name, true);
            else this.unknown.push(`ESC t ${n}`);
          });
        case 'E':
          return withArg((n) => (this.#style = { ...this.#style, bold: (n & 1) === 1 }));
        case '-':
          return withArg((n) => (this.#style = { ...this.#style, underline: (n & 3) !== 0 }));
        case '!':
          return withArg(
            (n) =>
              (this.#style = {
                bold: (n & 0x08) !== 0,
                underline: (n & 0x80) !== 0,
                width: n & 0x20 ? 2 : 1,
                height: n & 0x10 ? 2 : 1,
              }),
          );
        case 'a':
          return withArg((n) => (this.#align = (['left', 'center', 'right'] as const)[n % 48] ?? 'left'));
        case 'd':
          return withArg((n) => {
            this.#printLine();
            this.#feed(Math.max(0, n - 1) * lineDots);
          });
        case 'J':
          return withArg((n) => this.#feed(n));
        case 'M':
        case '3':
        case 'G':
        case 'V':
        case '{':
        case 'R':
          return withArg(() => undefined);
        case '2':
          return 2;
        case 'p': {
          const { taken, kick } = readDrawerKick(bytes, at);
          this.#kick(kick);
          return taken;
        }
        case 'c':
          return need(4) ? 4 : 0;
        default:
          this.unknown.push(`ESC ${command}`);
          return 2;
      }
    }
    if (b === 0x1d) {
      if (!need(2)) return 0;
      const command = String.fromCharCode(arg(1));
      switch (command) {
        case '!':
          if (!need(3)) return 0;
          // Magnification 1 to 8 each way; a printer ignores the command outside that range.
          if (arg(2) & 0x88) this.unknown.push(`GS ! ${arg(2).toString(16)}`);
          else this.#style = { ...this.#style, width: (arg(2) >> 4) + 1, height: (arg(2) & 0x0f) + 1 };
          return 3;
        case 'B':
          return need(3) ? 3 : 0;
        case 'V': {
          if (!need(3)) return 0;
          const m = arg(2);
          const withFeed = m === 65 || m === 66;
          if (withFeed && !need(4)) return 0;
          if (withFeed) this.#feed(arg(3));
          this.#cut(m === 1 || m === 49 || m === 66 ? 'partial' : 'full');
          return withFeed ? 4 : 3;
        }
        case 'v': {
          if (!need(8)) return 0;
          const widthBytes = arg(4) + arg(5) * 256;
          const height = arg(6) + arg(7) * 256;
          if (widthBytes * 8 > this.#dots || height > maxPageDots) {
            // Wider than the head or longer than a page: refused, as a printer does, rather than
            // holding every byte that follows while waiting for data it will never print.
            this.unknown.push(`GS v 0 of ${widthBytes * 8} x ${height} dots (too large)`);
            return 8;
          }
          if (!need(8 + widthBytes * height)) return 0;
          this.#raster(bytes.slice(at + 8, at + 8 + widthBytes * height), widthBytes, height);
          return 8 + widthBytes * height;
        }
        case '(': {
          if (!need(5)) return 0;
          const length = arg(3) + arg(4) * 256;
          return need(5 + length) ? 5 + length : 0;
        }
        default:
          this.unknown.push(`GS ${command}`);
          return 2;
      }
    }
    if (b === 0x1c) {
      // FS . (cancel Kanji) and FS & (Kanji): nothing to print here.
      if (!need(2)) return 0;
      return 2;
    }
    if (b < 0x20) {
      this.unknown.push(`control ${b.toString(16)}`);
      return 1;
    }
    const codepoint = this.#table[b];
    const cell = { char: codepoint === undefined ? '?' : String.fromCodePoint(codepoint), style: { ...this.#style } };
    // A line as wide as the head prints and the text wraps, as on a printer (and a line stays bounded).
    if (this.#line.length > 0 && this.#lineWidth + charDots(cell) > this.#dots) this.#printLine();
    this.#line.push(cell);
    this.#lineWidth += charDots(cell);
    return 1;
  }

  /** The printer cannot print: bytes are read (status still answered) but nothing reaches paper. */
  get #stopped(): boolean {
    return this.condition.paperEnd || this.condition.coverOpen || !this.condition.online;
  }

  #feed(dots: number): void {
    if (this.#stopped) return;
    const fed = Math.min(dots, this.paperDots);
    // Blank paper costs nothing until a page is taken (see current()). Paper fed past the bound
    // ends the page there (torn off, uncut); the blank rest never becomes an image.
    if (this.#y + fed > maxPageDots) this.#roomFor(fed);
    else this.#y += fed;
    this.paperDots -= fed;
    if (this.paperDots <= 0) this.condition = { ...this.condition, paperEnd: true, online: false };
  }

  #printLine(): void {
    const cells = this.#line;
    this.#line = [];
    this.#lineWidth = 0;
    if (this.#stopped) {
      this.lostToPaperEnd = true;
      return;
    }
    const width = cells.reduce((sum, cell) => sum + charDots(cell), 0);
    // reduce, not Math.max(...cells): a line of a few hundred thousand characters overflows the stack.
    const height = cells.reduce((tallest, cell) => Math.max(tallest, cell.style.height), 1) * lineDots;
    this.#roomFor(height);
    this.#lines.push(cells.map((cell) => cell.char).join(''));
    let x =
      this.#align === 'left' ? 0 : this.#align === 'center' ? Math.floor((this.#dots - width) / 2) : this.#dots - width;
    for (const cell of cells) {
      // Taller characters stand on the line's baseline.
      const top = this.#y + height - cell.style.height * lineDots;
      drawChar(
        this.#paper,
        cell.char,
        { x, y: top },
        {
          scaleX: 2 * cell.style.width,
          scaleY: 2 * cell.style.height,
          bold: cell.style.bold,
          underline: cell.style.underline,
        },
      );
      x += charDots(cell);
    }
    this.#feed(height);
  }

  #raster(data: number[], widthBytes: number, height: number): void {
    if (this.#line.length > 0) this.#printLine();
    if (this.#stopped) {
      this.lostToPaperEnd = true;
      return;
    }
    const width = widthBytes * 8;
    this.#roomFor(height);
    const ink = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++)
        if ((data[y * widthBytes + (x >> 3)] ?? 0) & (0x80 >> (x & 7))) ink[y * width + x] = 1;
    }
    const image = { width, height, ink };
    this.#rasters.push(image);
    this.#paper.blit(image, 0, this.#y);
    this.#feed(height);
  }

  #cut(kind: 'full' | 'partial'): void {
    if (this.#line.length > 0) this.#printLine();
    if (this.#stopped) return;
    this.#keep({ ...this.current(), cut: kind });
    this.#paper = new Paper(this.#dots);
    this.#y = leadingDots;
    this.#lines = [];
    this.#rasters = [];
  }
}
