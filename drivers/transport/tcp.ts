import { Socket } from 'node:net';
import { TransportError, transportFailure } from './errors';
import { ReconnectingTransport, type ReopeningOptions } from './reconnecting-transport';
import type { Transport } from './types';

export interface TcpOptions extends ReopeningOptions {
  readonly host: string;
  /** 9100 for a network receipt printer's raw port. */
  readonly port: number;
  /** How long a connection attempt may take (default 3000 ms). */
  readonly connectTimeoutMs?: number;
}

/**
 * A raw TCP link (a network printer's port 9100). Like the serial transport it reconnects with
 * backoff when the peer goes away, and `write` resolves once the socket has handed the bytes to
 * the OS. Keep-alive is on, so a printer that is switched off is noticed on an idle link too.
 */
export class TcpTransport extends ReconnectingTransport implements Transport {
  readonly kind = 'tcp' as const;
  readonly description: string;
  readonly #options: TcpOptions;
  #socket: Socket | undefined;

  constructor(options: TcpOptions) {
    super(options);
    this.#options = options;
    this.description = `${options.host}:${options.port}`;
  }

  get isOpen(): boolean {
    return this.#socket !== undefined && !this.#socket.destroyed && !this.#socket.connecting;
  }

  protected connect(): Promise<void> {
    const { host, port, connectTimeoutMs = 3000 } = this.#options;
    return new Promise((resolve, reject) => {
      const socket = new Socket();
      const fail = (error: Error) => {
        socket.destroy();
        reject(transportFailure(`Cannot connect to ${this.description}`, error));
      };
      socket.setTimeout(connectTimeoutMs, () => fail(new Error(`no answer within ${connectTimeoutMs} ms`)));
      socket.once('error', fail);
      socket.connect(port, host, () => {
        socket.setTimeout(0);
        socket.off('error', fail);
        socket.setKeepAlive(true, 5000);
        socket.setNoDelay(true);
        this.#socket = socket;
        this.link.connected();
        socket.on('data', (chunk: Buffer) => this.emit('data', Uint8Array.from(chunk)));
        // A socket error with nobody listening must not take the process down; 'close' follows it.
        socket.on('error', (error) => this.report(error));
        socket.on('close', () => this.#onClose(socket));
        this.emit('open');
        resolve();
      });
    });
  }

  #onClose(socket: Socket): void {
    if (this.#socket !== socket) return;
    this.#socket = undefined;
    this.lost(new TransportError('disconnected', `${this.description} closed the connection`));
  }

  async write(data: Uint8Array): Promise<void> {
    const socket = this.#socket;
    if (!socket || !this.isOpen) throw new TransportError('not-open', `${this.description} is not connected`);
    await new Promise<void>((resolve, reject) =>
      socket.write(data, (error) =>
        error ? reject(transportFailure(`Cannot write to ${this.description}`, error)) : resolve(),
      ),
    );
  }

  async close(): Promise<void> {
    if (!this.link.wanted && !this.#socket) return;
    this.link.stop();
    const socket = this.#socket;
    this.#socket = undefined;
    if (socket && !socket.destroyed) await new Promise<void>((resolve) => socket.end(() => resolve()));
    socket?.destroy();
    this.emit('close');
  }
}
