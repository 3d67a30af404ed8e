import { read } from 'node:fs';
import { promisify } from 'node:util';
import { SerialPort } from 'serialport';

type PortBinding = Awaited<ReturnType<typeof SerialPort.binding.open>>;
type OpenOptions = Parameters<typeof SerialPort.binding.open>[0];
type ReadResult = Awaited<ReturnType<PortBinding['read']>>;

/** The parts of the Linux and macOS port bindings a read needs: the descriptor and its readiness poller. */
interface UnixPort {
  readonly fd: number | null;
  readonly poller: { once(event: 'readable', callback: (error: Error | null) => void): unknown };
}

const readAsync = promisify(read);

/**
 * The platform's serial binding, with one change on Linux and macOS: a read that returns end of
 * file fails as a disconnect. A terminal that hung up (a USB adapter unplugged, the far end of a
 * pseudo-terminal closed) answers every read with zero bytes; serialport's own read (bindings-cpp
 * 13, issue #162) reads again at once, forever, so a port hung up while a read was in flight
 * never reported `close` and spun a thread-pool thread. Only a hang-up caught while it was
 * waiting on its poller was seen. Windows ports are read as they were.
 */
export const hangupAwareBinding: typeof SerialPort.binding = {
  list: () => SerialPort.binding.list(),
  open: async (options: OpenOptions) => {
    const port = await SerialPort.binding.open(options as never);
    return (isUnixPort(port) ? new HangupAwarePort(port) : port) as never;
  },
} as typeof SerialPort.binding;

function isUnixPort(port: object): port is PortBinding & UnixPort {
  return 'fd' in port && 'poller' in port;
}

/** A Unix port binding whose reads end at a hang-up; everything else is the binding's own. */
class HangupAwarePort {
  readonly #port: PortBinding & UnixPort;

  constructor(port: PortBinding & UnixPort) {
    this.#port = port;
  }

  get openOptions() {
    return this.#port.openOptions;
  }

  get isOpen(): boolean {
    return this.#port.isOpen;
  }

  /**
   * Reads at least one byte, waiting on the poller while none is there, as the binding does; an
   * end of file is thrown as a disconnect, which the stream turns into `close`.
   */
  async read(buffer: Buffer, offset: number, length: number): Promise<ReadResult> {
    for (;;) {
      const fd = this.#port.fd;
      if (fd === null) throw Object.assign(new Error('Port is not open'), { canceled: true });
      try {
        const { bytesRead } = await readAsync(fd, buffer, offset, length, null);
        if (bytesRead > 0) return { bytesRead, buffer };
      } catch (error) {
        if (!['EAGAIN', 'EWOULDBLOCK', 'EINTR'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
        if (this.#port.fd === null) throw Object.assign(new Error('Port is not open'), { canceled: true });
        await new Promise<void>((resolve, reject) =>
          this.#port.poller.once('readable', (pollError: Error | null) => (pollError ? reject(pollError) : resolve())),
        );
        continue;
      }
      throw Object.assign(new Error('the port hung up: a read found end of file (the device or its far end is gone)'), {
        disconnect: true,
      });
    }
  }

  write(buffer: Buffer) {
    return this.#port.write(buffer);
  }
  close() {
    return this.#port.close();
  }
  update(options: Parameters<PortBinding['update']>[0]) {
    return this.#port.update(options);
  }
  set(options: Parameters<PortBinding['set']>[0]) {
    return this.#port.set(options as never);
  }
  get() {
    return this.#port.get();
  }
  getBaudRate() {
    return this.#port.getBaudRate();
  }
  flush() {
    return this.#port.flush();
  }
  drain() {
    return this.#port.drain();
  }
}
