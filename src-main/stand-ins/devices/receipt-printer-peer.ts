import { createServer, type Server, type Socket } from 'node:net';
import type { Transport } from '../../../drivers/transport/types';
import { type CashDrawerOptions, EmulatedCashDrawer } from './cash-drawer';
import { EscPosInterpreter, type PrintedPage, type PrinterCondition } from './escpos-printer';

/**
 * The emulated receipt printer: an ESC/POS interpreter with a paper roll and a cover, on the far
 * end of a serial link (a pseudo-terminal peer) or as a TCP port 9100 server. It answers DLE EOT
 * from its condition, prints pages of dots, and can be made to run out of paper, open its cover
 * or go offline, so tests and training see what the printer driver does about it. With `drawer`
 * a cash drawer hangs on its kick-out connector: ESC p (or DLE DC4) opens it, DLE EOT 1 reports
 * its switch, and `closeDrawer()` is the cashier pushing it shut.
 */
export class EmulatedReceiptPrinter {
  readonly #interpreter: EscPosInterpreter;
  readonly #sockets = new Set<Socket>();
  #server: Server | undefined;
  #replyTo: ((bytes: Uint8Array) => void) | undefined;

  /** The cash drawer on the kick-out connector, if one is connected. */
  readonly drawer: EmulatedCashDrawer | undefined;

  constructor(options: {
    dotsPerLine: number;
    codepages: Readonly<Record<string, number>>;
    /** A cash drawer on the connector: `true` for the usual one (pin 2, open reads LOW), or how it is wired. */
    drawer?: boolean | CashDrawerOptions;
  }) {
    const { drawer, ...profile } = options;
    this.drawer = drawer ? new EmulatedCashDrawer(drawer === true ? {} : drawer) : undefined;
    this.#interpreter = new EscPosInterpreter({
      ...profile,
      reply: (bytes) => this.#replyTo?.(bytes),
      ...(this.drawer ? { drawer: this.drawer } : {}),
    });
  }

  /** Whether the cash drawer is open (false without one). */
  get drawerOpen(): boolean {
    return this.drawer?.isOpen ?? false;
  }

  /** Someone pushes the cash drawer shut. */
  closeDrawer(): void {
    this.drawer?.close();
  }

  get pages(): readonly PrintedPage[] {
    return this.#interpreter.pages;
  }

  get condition(): PrinterCondition {
    return this.#interpreter.condition;
  }

  /** Commands the interpreter did not know, in order. */
  get unknown(): readonly string[] {
    return this.#interpreter.unknown;
  }

  /** Leaves `dots` of paper on the roll (Infinity: a roll that never ends). */
  setPaper(dots: number): void {
    this.#interpreter.paperDots = dots;
    const paperEnd = dots <= 0;
    this.#interpreter.condition = {
      ...this.#interpreter.condition,
      paperEnd,
      online: !paperEnd && !this.condition.coverOpen,
      paperNearEnd: dots < 2000,
    };
  }

  /** The operator loads a new roll. */
  loadPaper(): void {
    this.#interpreter.newRoll();
    this.setPaper(Number.POSITIVE_INFINITY);
  }

  setCover(open: boolean): void {
    this.#interpreter.condition = {
      ...this.#interpreter.condition,
      coverOpen: open,
      online: !open && !this.condition.paperEnd,
    };
  }

  setOnline(online: boolean): void {
    this.#interpreter.condition = { ...this.#interpreter.condition, online };
  }

  /** Listens on the device end of a link (a pseudo-terminal's far side, an in-memory pair). */
  attach(transport: Transport): void {
    this.#replyTo = (bytes) => void transport.write(bytes).catch(() => undefined);
    transport.on('data', (chunk) => this.#interpreter.push(chunk));
  }

  /** A raw TCP print server (port 9100 on a real printer; 0 here picks a free port). */
  async listen(port = 0, host = '127.0.0.1'): Promise<number> {
    const server = createServer((socket) => {
      this.#sockets.add(socket);
      this.#replyTo = (bytes) => {
        if (!socket.destroyed) socket.write(bytes);
      };
      socket.on('data', (chunk) => this.#interpreter.push(chunk));
      socket.on('close', () => this.#sockets.delete(socket));
      socket.on('error', () => undefined);
    });
    this.#server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address();
    return typeof address === 'object' && address ? address.port : port;
  }

  /** Stops listening and drops every connection (a printer switched off). */
  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
