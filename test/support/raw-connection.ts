import { connect, type Socket } from 'node:net';

/**
 * A raw TCP connection to a local server, for requests no HTTP client would send (half a header,
 * a body that stops): what it has received so far, and a promise kept with all of it when the
 * server closes the connection.
 */
export function rawConnection(port: number): {
  readonly socket: Socket;
  readonly closed: Promise<string>;
  received(): string;
} {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return { socket, closed, received: () => received };
}
